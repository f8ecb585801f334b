import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSiteStore } from '#src/stores/site-store.ts';
import { useStaffChatStream } from './staff-chat-stream.ts';
import { unreadQueryOptions } from './api/support-queries.ts';

/**
 * The sidebar badge of /support/chat (staff): how many of the site's conversations await an
 * answer (client messages no staff member has read), live from the inbox event stream.
 */
export function StaffChatBadge() {
  const { t } = useTranslation();
  const siteId = useSiteStore((state) => state.siteId);
  useStaffChatStream(siteId);
  const unread = useQuery({ ...unreadQueryOptions(siteId ?? 0), enabled: siteId !== null });
  const threads = unread.data?.threads ?? 0;
  if (threads === 0) return null;
  const label = t('chat.awaiting', { count: threads });
  return (
    <span className="sidebar__badge" data-testid="chat-alert" title={label}>
      <span aria-hidden="true">{threads}</span>
      <span className="ui-visually-hidden">{`(${label})`}</span>
    </span>
  );
}
