import type { FastifyRequest } from 'fastify';
import { and, desc, eq, sql } from 'drizzle-orm';
import {
  feedbackArea,
  FEEDBACK_TEXT_MAX,
  type Feedback,
  type FeedbackStatus,
} from '#contract/entities/support.ts';
import type { Db } from '../platform/db/client.ts';
import { internalFeedback, users } from '../platform/db/schema.ts';
import { queueMail } from '../platform/mail/outbox.ts';
import { recordAudit } from '../platform/audit/repository.ts';
import { HttpError, notFound } from '../platform/http/http-error.ts';

type ScreenshotType = 'image/png' | 'image/jpeg' | 'image/webp';

/** The image type of `bytes` by their leading bytes (the declared type is not believed). */
export function sniffImage(bytes: Buffer): ScreenshotType | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'image/jpeg';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return null;
}

export interface FeedbackForm {
  text: string;
  area: string;
  screenshot: { bytes: Buffer; type: ScreenshotType } | null;
}

/**
 * Reads the feedback form (multipart: `text`, `area`, optional `file`): a text of 1–5000
 * characters, a known area, a screenshot that is a PNG, JPEG or WebP of at most `maxBytes`.
 */
export async function readFeedbackForm(
  request: FastifyRequest,
  maxBytes: number,
): Promise<FeedbackForm> {
  if (!request.isMultipart()) throw new HttpError(415, 'Send the form as multipart/form-data');
  const fields: Record<string, string> = {};
  let screenshot: FeedbackForm['screenshot'] = null;
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    if (part.fieldname !== 'file' || !part.filename) {
      part.file.resume();
      continue;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) {
        part.file.resume();
        throw new HttpError(
          413,
          `The screenshot is larger than ${Math.round(maxBytes / 1024)} KB`,
          { maxBytes },
        );
      }
      chunks.push(chunk);
    }
    if (part.file.truncated) {
      throw new HttpError(413, 'The screenshot is larger than the upload limit', { maxBytes });
    }
    const bytes = Buffer.concat(chunks);
    if (bytes.length === 0) continue;
    const type = sniffImage(bytes);
    if (!type) throw new HttpError(415, 'The screenshot must be a PNG, JPEG or WebP image');
    screenshot = { bytes, type };
  }
  const text = (fields['text'] ?? '').trim();
  if (!text || text.length > FEEDBACK_TEXT_MAX) {
    throw new HttpError(400, `text: from 1 to ${FEEDBACK_TEXT_MAX} characters`, undefined, {
      issues: [{ path: ['body', 'text'], code: 'too_big', message: 'text is required' }],
    });
  }
  const area = feedbackArea.safeParse(fields['area']);
  if (!area.success) {
    throw new HttpError(400, `area: one of ${feedbackArea.options.join(', ')}`, undefined, {
      issues: [{ path: ['body', 'area'], code: 'invalid_value', message: 'unknown area' }],
    });
  }
  return { text, area: area.data, screenshot };
}

const columns = {
  id: internalFeedback.id,
  siteId: internalFeedback.siteId,
  authorLogin: internalFeedback.authorLogin,
  area: internalFeedback.area,
  text: internalFeedback.text,
  status: internalFeedback.status,
  hasScreenshot: sql<boolean>`${internalFeedback.screenshot} is not null`,
  createdAt: internalFeedback.createdAt,
  updatedAt: internalFeedback.updatedAt,
};
type Row = Omit<Feedback, 'createdAt' | 'updatedAt' | 'area'> & {
  area: string;
  createdAt: Date;
  updatedAt: Date;
};
const toFeedback = (row: Row): Feedback => ({
  ...row,
  id: Number(row.id),
  area: feedbackArea.catch('other').parse(row.area),
  hasScreenshot: Boolean(row.hasScreenshot),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export function createFeedback(db: Db, options: { recipients: readonly string[] }) {
  /** FEEDBACK_EMAIL, else every administrator with an e-mail address. */
  const recipients = async (tx: Db): Promise<string[]> => {
    if (options.recipients.length > 0) return [...options.recipients];
    const admins = await tx
      .select({ email: users.email })
      .from(users)
      .where(sql`'ROLE_ADMIN' = any(${users.roles}) and ${users.email} is not null`);
    return [...new Set(admins.map((a) => a.email!).filter(Boolean))];
  };

  return {
    async create(
      site: { siteId: number; siteName: string },
      author: { id: number; login: string },
      form: FeedbackForm,
    ): Promise<Feedback> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(internalFeedback)
          .values({
            siteId: site.siteId,
            authorId: author.id,
            authorLogin: author.login,
            area: form.area,
            text: form.text,
            screenshot: form.screenshot?.bytes ?? null,
            screenshotType: form.screenshot?.type ?? null,
          })
          .returning(columns);
        const created = toFeedback(row!);
        await recordAudit(tx, {
          actor: author.login,
          action: 'create',
          entity: 'internal-feedback',
          entityId: created.id,
          after: {
            siteId: site.siteId,
            area: form.area,
            text: form.text,
            screenshot: form.screenshot
              ? { type: form.screenshot.type, bytes: form.screenshot.bytes.length }
              : null,
          },
        });
        await queueMail(tx, {
          siteId: site.siteId,
          kind: 'internal-feedback',
          to: await recipients(tx as unknown as Db),
          subject: `Vitrina feedback #${created.id}: ${form.area} (${site.siteName})`,
          body: [
            `From: ${author.login}`,
            `Site: ${site.siteName} (${site.siteId})`,
            `Area: ${form.area}`,
            `Screenshot: ${form.screenshot ? `yes (${form.screenshot.type})` : 'no'}`,
            '',
            form.text,
          ].join('\n'),
        });
        return created;
      });
    },

    async list(siteId: number, status?: FeedbackStatus): Promise<Feedback[]> {
      const rows = await db
        .select(columns)
        .from(internalFeedback)
        .where(
          and(
            eq(internalFeedback.siteId, siteId),
            status ? eq(internalFeedback.status, status) : undefined,
          ),
        )
        .orderBy(desc(internalFeedback.id))
        .limit(500);
      return rows.map(toFeedback);
    },

    async setStatus(
      siteId: number,
      id: number,
      status: FeedbackStatus,
      actor: string,
    ): Promise<Feedback> {
      return db.transaction(async (tx) => {
        const where = and(eq(internalFeedback.siteId, siteId), eq(internalFeedback.id, id));
        const [before] = await tx
          .select({ status: internalFeedback.status })
          .from(internalFeedback)
          .where(where)
          .for('update');
        if (!before) throw notFound('Feedback');
        const [row] = await tx
          .update(internalFeedback)
          .set({ status, updatedAt: new Date() })
          .where(where)
          .returning(columns);
        await recordAudit(tx, {
          actor,
          action: 'status',
          entity: 'internal-feedback',
          entityId: id,
          before: { status: before.status },
          after: { status },
        });
        return toFeedback(row!);
      });
    },

    async screenshot(siteId: number, id: number) {
      const [row] = await db
        .select({ bytes: internalFeedback.screenshot, type: internalFeedback.screenshotType })
        .from(internalFeedback)
        .where(and(eq(internalFeedback.siteId, siteId), eq(internalFeedback.id, id)));
      if (!row?.bytes || !row.type) throw notFound('Screenshot');
      return {
        mediaType: row.type as ScreenshotType,
        data: Buffer.from(row.bytes).toString('base64'),
      };
    },
  };
}
