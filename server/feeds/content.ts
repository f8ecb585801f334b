import { randomUUID } from 'node:crypto';
import { FeedSax } from './intake/feed-sax.ts';
import type { FeedProblem } from '#contract/entities/feeds.ts';
import { FeedError, type FeedSource } from './intake/feed-source.ts';
import {
  duplicatePageId,
  pageNoId,
  pageNoTitle,
  pageNoUrl,
  storedProblem,
  type FeedProblemText,
} from './intake/problems.ts';
import type { FeedLimits } from './intake/yml-parse.ts';
import type { Db } from '../platform/db/client.ts';
import { contentPages } from '../platform/db/schema.ts';
import { replaceLiveBatch } from './live-batch.ts';
import { decodedText } from './xml-text.ts';

const MAX_PROBLEMS = 200;
const BATCH = 500;

export interface ContentSummary {
  feedType: 'CONTENT';
  regionId: 'global';
  applied: boolean;
  held: false;
  pages: number;
  rows: number;
  skipped: number;
  problems: FeedProblem[];
  problemCount: number;
  bytes: number;
  seconds: number;
}

/**
 * The content feed (spec §3 "Content feed: a URL"): an XML list of the site's content pages,
 *
 *   <pages><page id="delivery" url="https://shop/delivery"><title>…</title><text>…</text></page></pages>
 *
 * (`description` or `content` are read as the text too). Decoded like the YML feed (UTF-8 or
 * windows-1251, a DOCTYPE with declarations refused, FEED_MAX_FIELD_CHARS, FEED_MAX_OFFERS pages);
 * pages stream into a batch and one transaction replaces the live pages, which `/public/search`
 * answers with `withContent`. A broken feed or a cancel leaves the live pages as they were.
 */
export async function importContent(
  db: Db,
  options: {
    siteId: number;
    jobId?: string | null;
    source: FeedSource;
    limits: FeedLimits;
    signal?: AbortSignal;
    progress?: (percent: number) => Promise<void>;
    /** The feed checker: read and stage, never apply. */
    dryRun?: boolean;
  },
): Promise<ContentSummary> {
  const started = performance.now();
  const { siteId, limits } = options;
  const batch = `job:${options.jobId ?? randomUUID()}`;
  const problems: FeedProblem[] = [];
  let problemCount = 0;
  const problem = (line: number, text: FeedProblemText, id: string | null = null) => {
    problemCount += 1;
    if (problems.length < MAX_PROBLEMS) problems.push(storedProblem(line, text, id));
  };
  let pending: (typeof contentPages.$inferInsert)[] = [];
  let pages = 0;
  let skipped = 0;
  const seen = new Set<string>();
  const fieldTooLong = (): FeedError =>
    new FeedError(
      `Line ${parser.line}: a field holds more than ${limits.maxFieldChars} characters (FEED_MAX_FIELD_CHARS)`,
      'field-too-long',
      { line: parser.line, limit: limits.maxFieldChars },
    );
  const sax = new FeedSax(limits.maxFieldChars, fieldTooLong);
  const parser = sax.parser;
  let fatal: Error | undefined;
  sax.on('error', (error) => {
    fatal ??= error;
  });
  sax.on('doctype', (doctype) => {
    if (doctype.includes('['))
      throw new FeedError(
        'The feed declares a DOCTYPE with declarations: XML entities are not accepted',
        'doctype',
      );
  });
  let sawRoot = false;
  let page: { line: number; id: string; url: string; fields: Record<string, string> } | null = null;
  let text = '';
  sax.on('opentag', (tag) => {
    sawRoot = true;
    text = '';
    if (tag.name === 'page' && !page) {
      const attr = (name: string) => {
        const value = tag.attributes[name];
        return typeof value === 'string' ? value.trim() : '';
      };
      page = { line: parser.line, id: attr('id'), url: attr('url'), fields: {} };
    }
  });
  const onText = (value: string) => {
    text += value;
    if (text.length > limits.maxFieldChars) throw fieldTooLong();
  };
  sax.on('text', onText);
  sax.on('cdata', onText);
  sax.on('closetag', (tag) => {
    if (!page) return;
    if (tag.name !== 'page') {
      page.fields[tag.name] = text.trim();
      text = '';
      return;
    }
    const draft = page;
    page = null;
    const id = draft.id || draft.fields['id'] || '';
    const url = draft.url || draft.fields['url'] || '';
    const title = draft.fields['title'] ?? '';
    const body =
      draft.fields['text'] ?? draft.fields['description'] ?? draft.fields['content'] ?? '';
    const fail = (text: FeedProblemText) => {
      skipped += 1;
      problem(draft.line, text, id || null);
    };
    if (!id) return fail(pageNoId());
    if (!/^https?:\/\/\S+$/.test(url)) return fail(pageNoUrl(id));
    if (!title) return fail(pageNoTitle(id));
    if (seen.has(id)) return fail(duplicatePageId(id));
    if (pages >= limits.maxOffers)
      throw new FeedError(
        `The content feed has more than ${limits.maxOffers} pages`,
        'too-many-offers',
        { limit: limits.maxOffers },
      );
    seen.add(id);
    pages += 1;
    pending.push({ siteId, batch, id, url, title, body });
  });
  const check = () => {
    if (fatal)
      throw new FeedError(`The feed is not valid XML: ${fatal.message}`, 'invalid-xml', {
        reason: fatal.message,
      });
  };
  const flush = async () => {
    if (!pending.length) return;
    const chunk = pending;
    pending = [];
    await db.insert(contentPages).values(chunk);
  };

  let bytes = 0;
  let lastReported = 0;
  await replaceLiveBatch(
    db,
    { feedType: 'CONTENT', siteId, batch, dryRun: options.dryRun },
    async () => {
      for await (const piece of decodedText(options.source, {
        ...(options.signal && { signal: options.signal }),
        onBytes: (read) => (bytes = read),
      })) {
        sax.write(piece);
        check();
        if (pending.length >= BATCH) await flush();
        const size = options.source.size;
        if (options.progress && size && bytes - lastReported > size / 50) {
          lastReported = bytes;
          await options.progress((bytes / size) * 90);
        }
      }
      parser.close();
      check();
      if (!sawRoot) throw new FeedError('The feed is empty', 'empty');
      if (pages === 0) throw new FeedError('The content feed has no valid page', 'no-offers');
      await flush();
      return pages;
    },
  );
  return {
    feedType: 'CONTENT',
    regionId: 'global',
    applied: !options.dryRun,
    held: false,
    pages,
    rows: pages,
    skipped,
    problems,
    problemCount,
    bytes,
    seconds: Math.round((performance.now() - started) / 10) / 100,
  };
}
