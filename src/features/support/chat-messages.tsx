import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_TEXT_MAX, type ChatMessage } from '#contract/entities/support.ts';
import { Button } from '#src/ui/button/button.tsx';
import { formatTime } from '#src/lib/date-format.ts';

/** A conversation, oldest first, scrolled to the newest; texts are shown as text. */
export function ChatMessages({
  messages,
  side,
}: {
  messages: readonly ChatMessage[];
  /** Whose screen it is: their own messages are on the right. */
  side: 'client' | 'staff';
}) {
  const { t, i18n } = useTranslation();
  const end = useRef<HTMLLIElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [messages.length]);
  if (messages.length === 0) return <p className="chat-messages__empty">{t('chat.empty')}</p>;
  return (
    <ol className="chat-messages" aria-live="polite">
      {messages.map((message) => {
        const own = message.fromStaff === (side === 'staff');
        return (
          <li
            key={message.id}
            className={own ? 'chat-message chat-message--own' : 'chat-message'}
            data-from={message.fromStaff ? 'staff' : 'client'}
          >
            <span className="chat-message__author">
              {message.fromStaff
                ? side === 'client'
                  ? t('chat.support')
                  : message.authorLogin
                : side === 'client'
                  ? t('chat.you')
                  : message.authorLogin}
              {' · '}
              {formatTime(message.createdAt, i18n.language)}
            </span>
            <span className="chat-message__text">{message.text}</span>
          </li>
        );
      })}
      <li ref={end} aria-hidden="true" className="chat-messages__end" />
    </ol>
  );
}

/** The text box and send button of both chat sides: Enter sends, Shift+Enter breaks the line. */
export function ChatCompose({
  id,
  label,
  text,
  onText,
  onSend,
  sending,
  disabled = false,
}: {
  id: string;
  label: string;
  text: string;
  onText: (text: string) => void;
  onSend: () => void;
  sending: boolean;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <form
      className="chat-compose"
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
    >
      <label className="ui-visually-hidden" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="ui-input"
        rows={2}
        maxLength={CHAT_TEXT_MAX}
        placeholder={label}
        value={text}
        onChange={(event) => onText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            onSend();
          }
        }}
      />
      <Button type="submit" variant="primary" loading={sending} disabled={disabled || !text.trim()}>
        {t('chat.send')}
      </Button>
    </form>
  );
}
