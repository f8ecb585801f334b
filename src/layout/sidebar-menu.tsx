import { useId, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  MENU_GROUPS,
  MENU_GROUP_TITLES,
  MENU_SECTION_TITLES,
  menuGroupOf,
  menuFor,
  sectionOf,
  type AppRoute,
  type MenuGroup,
} from '#src/app/routes.ts';
import { useUserTabs } from '#src/features/reports/components/user-tab-links.tsx';
import { StaffChatBadge } from '#src/features/support/staff-chat-badge.tsx';

const SUPPORT_CHAT_PATH = '/support/chat';

/** An entry of the menu as the filter sees it: a route, or one of the user's report tabs. */
interface Entry {
  key: string;
  to: string;
  title: string;
  group?: MenuGroup;
  badge?: ReactNode;
}

const matches = (title: string, filter: string) =>
  title.toLocaleLowerCase().includes(filter.toLocaleLowerCase());

/**
 * The sidebar's menu (spec §2 "Sidebar"): the sections of the route table a user may open, each
 * folded under its heading except the current page's; the search settings in their three
 * sub-groups (UX, search configuration, service configuration). A section of one entry is that
 * entry. The filter box shows only the entries whose title holds its text, every section open.
 */
export function SidebarMenu({ roles, client }: { roles: readonly string[]; client: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [filter, setFilter] = useState('');
  // What the user folded or unfolded; the rest follows the current page.
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const tabs = useUserTabs(roles);
  const filterId = useId();

  const current = sectionOf(pathname);
  const currentGroup = menuGroupOf(pathname);
  const sections = menuFor(roles, { client }).map((group) => ({
    section: group.section,
    entries: group.routes.map((route: AppRoute): Entry => ({
      key: route.path,
      to: route.path,
      title: t(route.titleKey),
      group: menuGroupOf(route.path),
      // Staff only (the entry is): the site's conversations awaiting an answer.
      badge: route.path === SUPPORT_CHAT_PATH ? <StaffChatBadge /> : null,
    })),
  }));
  // The user's custom report tabs belong to reporting, even for users without the report roles.
  if (tabs.length > 0) {
    const tabEntries = tabs.map((tab): Entry => ({
      key: `tab-${tab.id}`,
      to: `/reporting/${tab.pathName}`,
      title: tab.title,
    }));
    const reporting = sections.find((s) => s.section === 'reporting');
    if (reporting) reporting.entries.push(...tabEntries);
    else {
      const at = sections.findIndex((s) => s.section !== 'home' && s.section !== 'knowledgeBase');
      sections.splice(at === -1 ? sections.length : at, 0, {
        section: 'reporting',
        entries: tabEntries,
      });
    }
  }

  const filtering = filter.trim() !== '';
  const shown = sections
    .map((s) => ({
      ...s,
      entries: filtering ? s.entries.filter((e) => matches(e.title, filter.trim())) : s.entries,
    }))
    .filter((s) => s.entries.length > 0);

  const isOpen = (key: string, currentByDefault: boolean) =>
    filtering || (toggled[key] ?? currentByDefault);
  const toggle = (key: string, open: boolean) =>
    setToggled((state) => ({ ...state, [key]: !open }));

  const link = (entry: Entry) => (
    <li key={entry.key}>
      <NavLink to={entry.to} end className="sidebar__link">
        {entry.title}
        {entry.badge}
      </NavLink>
    </li>
  );

  return (
    <nav aria-label={t('shell.menu')} className="sidebar__nav">
      <div className="sidebar__filter">
        <label htmlFor={filterId} className="ui-visually-hidden">
          {t('shell.menuFilter')}
        </label>
        <input
          id={filterId}
          type="search"
          className="ui-input sidebar__filter-input"
          placeholder={t('shell.menuFilter')}
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && filter) {
              event.stopPropagation();
              setFilter('');
            }
          }}
        />
      </div>
      {shown.length === 0 && <p className="sidebar__empty">{t('shell.menuFilterEmpty')}</p>}
      <ul className="sidebar__sections">
        {shown.map(({ section, entries }) => {
          // A section of one entry (home, knowledge base…) is the entry itself.
          if (entries.length === 1 && !filtering && section !== 'reporting')
            return link({ ...entries[0]!, key: section });
          return (
            <Section
              key={section}
              title={t(MENU_SECTION_TITLES[section])}
              open={isOpen(section, section === current)}
              onToggle={(open) => toggle(section, open)}
              // Folded, the section still shows the conversations awaiting an answer.
              folded={entries.find((entry) => entry.to === SUPPORT_CHAT_PATH)?.badge}
            >
              {section === 'searchUx'
                ? groupsOf(entries).map(({ group, entries: inGroup }) => {
                    const key = `${section}/${group}`;
                    const open = isOpen(key, group === currentGroup);
                    return (
                      <li key={key} className="sidebar__group">
                        <Toggle
                          open={open}
                          onToggle={() => toggle(key, open)}
                          className="sidebar__group-heading"
                        >
                          {t(MENU_GROUP_TITLES[group])}
                        </Toggle>
                        {open && <ul>{inGroup.map(link)}</ul>}
                      </li>
                    );
                  })
                : entries.map(link)}
            </Section>
          );
        })}
      </ul>
    </nav>
  );
}

/** A section of the menu: its heading folds and unfolds its entries. */
function Section({
  title,
  open,
  onToggle,
  folded,
  children,
}: {
  title: string;
  open: boolean;
  onToggle: (open: boolean) => void;
  /** Shown on the heading while the section is folded. */
  folded?: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className="sidebar__section">
      <Toggle open={open} onToggle={() => onToggle(open)} className="sidebar__heading">
        {title}
        {!open && folded}
      </Toggle>
      {open && <ul>{children}</ul>}
    </li>
  );
}

/** A heading that folds and unfolds what follows it. */
function Toggle({
  open,
  onToggle,
  className,
  children,
}: {
  open: boolean;
  onToggle: () => void;
  className: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={`sidebar__toggle ${className}`}
      aria-expanded={open}
      onClick={onToggle}
    >
      <span className="sidebar__chevron" aria-hidden="true">
        ›
      </span>
      <span>{children}</span>
    </button>
  );
}

/** The search settings' entries in their sub-groups, in the spec's order. */
function groupsOf(entries: readonly Entry[]): { group: MenuGroup; entries: Entry[] }[] {
  return MENU_GROUPS.map((group) => ({
    group,
    entries: entries.filter((entry) => (entry.group ?? 'searchConfig') === group),
  })).filter((g) => g.entries.length > 0);
}
