import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '#contract/entities/support.ts';
import { followEventStream } from './event-stream.ts';
import { supportKeys } from './api/keys.ts';

/** The open inbox streams: one per query client and site, however many screens follow it. */
const streams = new WeakMap<QueryClient, Map<number, { users: number; stop: () => void }>>();

/** What a staff event does to the cached inbox: messages join their thread, counts reload. */
function open(queryClient: QueryClient, siteId: number): () => void {
  const controller = new AbortController();
  const counts = () => {
    void queryClient.invalidateQueries({ queryKey: supportKeys.threads(siteId), exact: true });
    void queryClient.invalidateQueries({ queryKey: supportKeys.unread(siteId) });
  };
  followEventStream({
    url: `/api/support/chat/stream?siteId=${siteId}`,
    signal: controller.signal,
    // A (re)connection may have missed events: everything of the site reloads.
    onOpen: () => {
      void queryClient.invalidateQueries({ queryKey: supportKeys.threads(siteId) });
      void queryClient.invalidateQueries({ queryKey: supportKeys.unread(siteId) });
    },
    onEvent: ({ event, data }) => {
      if (event === 'message') {
        const message = JSON.parse(data) as ChatMessage;
        queryClient.setQueryData<ChatMessage[]>(
          supportKeys.thread(siteId, message.userLogin),
          (old) => (old && !old.some((m) => m.id === message.id) ? [...old, message] : old),
        );
        counts();
      } else if (event === 'read') {
        counts();
      } else if (event === 'resync') {
        void queryClient.invalidateQueries({ queryKey: supportKeys.threads(siteId) });
        void queryClient.invalidateQueries({ queryKey: supportKeys.unread(siteId) });
      }
    },
  });
  return () => controller.abort();
}

/**
 * Follows the site's staff chat events (server-sent, no polling) while the calling screen is
 * mounted: new messages join their cached thread, reads and messages reload the inbox list and
 * the alert counts. The sidebar badge and the inbox share one connection.
 */
export function useStaffChatStream(siteId: number | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (siteId === null) return;
    let sites = streams.get(queryClient);
    if (!sites) streams.set(queryClient, (sites = new Map()));
    let entry = sites.get(siteId);
    if (!entry) sites.set(siteId, (entry = { users: 0, stop: open(queryClient, siteId) }));
    entry.users += 1;
    const held = entry;
    return () => {
      held.users -= 1;
      if (held.users === 0) {
        held.stop();
        sites.delete(siteId);
      }
    };
  }, [queryClient, siteId]);
}
