import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '#contract/entities/support.ts';
import { useSiteStore } from '#src/stores/site-store.ts';
import { Badge } from '#src/ui/badge/badge.tsx';
import { Spinner } from '#src/ui/spinner/spinner.tsx';
import { useStaffChatStream } from './staff-chat-stream.ts';
import { ChatCompose, ChatMessages } from './chat-messages.tsx';
import { supportKeys } from './api/keys.ts';
import { threadQueryOptions, threadsQueryOptions } from './api/support-queries.ts';
import { answerChat, readChatThread } from './api/support-mutations.ts';
import './support.css';
import { formatDateTime } from '#src/lib/date-format.ts';

/** /support/chat (staff): the site's client conversations, live, and the answer box. */
/** Whether the tab is in view (a hidden tab does not read conversations for the desk). */
function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

export default function ChatInboxPage() {
  const { t, i18n } = useTranslation();
  const siteId = useSiteStore((state) => state.siteId);
  const queryClient = useQueryClient();
  const [login, setLogin] = useState<string | null>(null);
  const threads = useQuery({ ...threadsQueryOptions(siteId ?? 0), enabled: siteId !== null });
  const thread = useQuery({
    ...threadQueryOptions(siteId ?? 0, login ?? ''),
    enabled: siteId !== null && login !== null,
  });
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  // New messages and reads of the site arrive as server-sent events (shared with the sidebar badge).
  useStaffChatStream(siteId);

  // Opening a conversation reads it for the desk, up to its newest message; a message arriving
  // while it is open (and the tab is in view) is read too.
  const visible = usePageVisible();
  const marked = useRef(new Map<string, number>());
  const unreadHere = threads.data?.find((item) => item.userLogin === login)?.unread ?? 0;
  const newest = thread.data?.at(-1)?.id ?? 0;
  useEffect(() => {
    if (siteId === null || login === null || !visible || unreadHere === 0 || newest === 0) return;
    if ((marked.current.get(login) ?? 0) >= newest) return;
    marked.current.set(login, newest);
    readChatThread(siteId, login, newest).then(
      (counts) => {
        queryClient.setQueryData(supportKeys.unread(siteId), counts);
        void queryClient.invalidateQueries({ queryKey: supportKeys.threads(siteId), exact: true });
      },
      () => marked.current.delete(login),
    );
  }, [siteId, login, visible, unreadHere, newest, queryClient]);

  if (siteId === null) return <p className="page">{t('support.feedback.noSite')}</p>;
  const send = async () => {
    if (!login || !text.trim()) return;
    setSending(true);
    try {
      const message = await answerChat(siteId, login, text);
      setText('');
      queryClient.setQueryData<ChatMessage[]>(supportKeys.thread(siteId, login), (old) =>
        old && !old.some((m) => m.id === message.id) ? [...old, message] : old,
      );
    } finally {
      setSending(false);
    }
  };
  return (
    <div className="page chat-inbox">
      <div className="page__header">
        <h1>{t('routes.supportChat')}</h1>
        <Badge tone="success">{t('chat.live')}</Badge>
      </div>
      <p className="page__lead">{t('chat.inboxLead')}</p>
      <div className="chat-inbox__layout">
        <nav className="chat-inbox__threads" aria-label={t('chat.threads')}>
          <h2>{t('chat.threads')}</h2>
          {threads.data === undefined ? (
            <Spinner label={t('ui.spinner.loading')} />
          ) : threads.data.length === 0 ? (
            <p>{t('chat.noThreads')}</p>
          ) : (
            <ul>
              {threads.data.map((item) => (
                <li key={item.userLogin}>
                  <button
                    type="button"
                    className={
                      item.unread > 0
                        ? 'chat-inbox__thread chat-inbox__thread--unread'
                        : 'chat-inbox__thread'
                    }
                    aria-current={item.userLogin === login ? 'true' : undefined}
                    onClick={() => setLogin(item.userLogin)}
                  >
                    <span className="chat-inbox__who">
                      <strong>{item.userName || item.userLogin}</strong>
                      {item.unread > 0 && (
                        <Badge tone="warning">{t('chat.unread', { count: item.unread })}</Badge>
                      )}
                    </span>
                    <span className="chat-inbox__last">{item.lastMessage.text}</span>
                    {item.unread === 0 && item.readBy && item.readAt && (
                      <span className="chat-inbox__read">
                        {t('chat.readBy', {
                          login: item.readBy,
                          time: formatDateTime(item.readAt, i18n.language),
                        })}
                      </span>
                    )}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </nav>
        <section className="chat-inbox__thread-view" aria-label={login ?? t('chat.chooseThread')}>
          {login === null ? (
            <p>{t('chat.chooseThread')}</p>
          ) : (
            <>
              <h2>{login}</h2>
              {thread.data ? (
                <ChatMessages messages={thread.data} side="staff" />
              ) : (
                <Spinner label={t('ui.spinner.loading')} />
              )}
              <ChatCompose
                id="chat-answer"
                label={t('chat.answer')}
                text={text}
                onText={setText}
                onSend={() => void send()}
                sending={sending}
              />
            </>
          )}
        </section>
      </div>
    </div>
  );
}
