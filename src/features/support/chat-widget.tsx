import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createApiClient } from '#contract/client.ts';
import {
  CHAT_TOKEN_HEADER,
  type ChatMessage,
  type ChatReadEvent,
} from '#contract/entities/support.ts';
import { chatTokenRoute } from '#contract/routes/users.ts';
import { chatSessionRoute, readChatRoute, sendChatMessageRoute } from '#contract/routes/support.ts';
import { useAuthStore } from '#src/stores/auth-store.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { ChatCompose, ChatMessages } from './chat-messages.tsx';
import { followEventStream } from './event-stream.ts';
import './support.css';

/** Spec §7 "Chat widget (client users): failures are only logged to the console". */
const logFailure = (error: unknown) => console.warn('Support chat:', error);

const merge = (messages: readonly ChatMessage[], more: readonly ChatMessage[]) => {
  const seen = new Set(messages.map((m) => m.id));
  return [...messages, ...more.filter((m) => !seen.has(m.id))].sort((a, b) => a.id - b.id);
};

/**
 * The support chat of client users (spec §1), in the signed-in frame (never on /login): the
 * conversation about the chosen site, authenticated by the user's chat token, live through
 * server-sent events, with the installation's help-channel link.
 */
export default function ChatWidget() {
  const { t } = useTranslation();
  const login = useAuthStore((state) => state.me?.login);
  const siteId = useSiteStore((state) => state.siteId);
  const [token, setToken] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [helpChannel, setHelpChannel] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  /** Per site, the newest message read (kept on the server: a reload and the user's tabs share it). */
  const [reads, setReads] = useState<Record<number, number>>({});
  const readOn = (site: number, upTo: number) =>
    setReads((old) => ((old[site] ?? 0) >= upTo ? old : { ...old, [site]: upTo }));
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const marking = useRef(new Map<number, number>());

  // The chat token signs the widget into the chat (one's own only; the server checks it).
  useEffect(() => {
    if (!login) return;
    const call = createApiClient();
    call(chatTokenRoute, { params: { login } }).then(
      ({ token: own }) => setToken(own),
      (error: unknown) => {
        setFailed(true);
        logFailure(error);
      },
    );
  }, [login]);

  const call = useMemo(
    () => (token ? createApiClient({ headers: () => ({ [CHAT_TOKEN_HEADER]: token }) }) : null),
    [token],
  );

  // The conversation, then every new message live; a reconnection reloads what it missed.
  useEffect(() => {
    if (!call || !token || siteId === null) return;
    const controller = new AbortController();
    const reload = () =>
      call(chatSessionRoute, { query: { siteId }, signal: controller.signal }).then(
        (session) => {
          setFailed(false);
          setHelpChannel(session.helpChannelUrl);
          setMessages((old) => merge(old, session.messages));
          readOn(siteId, session.readUpTo);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setFailed(true);
          logFailure(error);
        },
      );
    followEventStream({
      url: `/api/chat/stream?siteId=${siteId}`,
      headers: { [CHAT_TOKEN_HEADER]: token },
      signal: controller.signal,
      onOpen: () => void reload(),
      onEvent: ({ event, data }) => {
        if (event === 'resync') return void reload();
        if (event === 'read') {
          // Read in another tab of the same user.
          const read = JSON.parse(data) as ChatReadEvent;
          readOn(read.siteId, read.upTo);
          return;
        }
        if (event !== 'message') return;
        const message = JSON.parse(data) as ChatMessage;
        setMessages((old) => merge(old, [message]));
      },
    });
    return () => controller.abort();
  }, [call, token, siteId]);

  // Replies of staff the user has not read: the toggle shows them; an open chat reads them.
  const shown = messages.filter((message) => message.siteId === siteId);
  const readUpTo = siteId === null ? 0 : (reads[siteId] ?? 0);
  const unread = shown.filter((message) => message.fromStaff && message.id > readUpTo).length;
  const newest = shown.at(-1)?.id ?? 0;
  useEffect(() => {
    if (!open || !call || siteId === null || unread === 0) return;
    if ((marking.current.get(siteId) ?? 0) >= newest) return;
    marking.current.set(siteId, newest);
    call(readChatRoute, { query: { siteId }, body: { upTo: newest } }).then(
      (read) => readOn(siteId, read.readUpTo),
      (error: unknown) => {
        marking.current.delete(siteId);
        logFailure(error);
      },
    );
  }, [open, call, siteId, unread, newest]);

  if (siteId === null) return null;
  const send = async () => {
    if (!call || !text.trim()) return;
    setSending(true);
    try {
      const message = await call(sendChatMessageRoute, { query: { siteId }, body: { text } });
      setMessages((old) => merge(old, [message]));
      setText('');
    } catch (error) {
      setFailed(true);
      logFailure(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="chat-widget">
      {open && (
        <section className="chat-widget__panel" role="dialog" aria-label={t('chat.title')}>
          <header className="chat-widget__header">
            <h2>{t('chat.title')}</h2>
            {helpChannel && (
              <a href={helpChannel} target="_blank" rel="noopener noreferrer">
                {t('chat.helpChannel')}
              </a>
            )}
            <button
              type="button"
              className="chat-widget__close"
              aria-label={t('chat.close')}
              onClick={() => setOpen(false)}
            >
              ✕
            </button>
          </header>
          <div className="chat-widget__body">
            <ChatMessages messages={shown} side="client" />
            {failed && (
              <p className="chat-widget__failed" role="status">
                {t('chat.unavailable')}
              </p>
            )}
          </div>
          <ChatCompose
            id="chat-widget-text"
            label={t('chat.placeholder')}
            text={text}
            onText={setText}
            onSend={() => void send()}
            sending={sending}
            disabled={!call}
          />
        </section>
      )}
      <button
        type="button"
        className="chat-widget__toggle"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        {open ? t('chat.close') : t('chat.open')}
        {unread > 0 && !open && (
          <span className="chat-widget__unread" data-testid="chat-unread">
            <span aria-hidden="true">{unread}</span>
            <span className="ui-visually-hidden">{t('chat.unreadReplies', { count: unread })}</span>
          </span>
        )}
      </button>
    </div>
  );
}
