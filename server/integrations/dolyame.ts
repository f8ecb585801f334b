import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import {
  checkDolyameWidgetText,
  checkRegionMapText,
  DOLYAME_APP_DEFAULTS,
  DOLYAME_WIDGET_DEFAULT_TEXT,
  type AlternativeAttribute,
  type DolyameAppConfig,
  type DolyameWidgetConfig,
  type DolyameWidgetSettings,
  type PublicDolyameApp,
  type PublicDolyameWidget,
} from '#contract/entities/dolyame.ts';
import {
  DOLYAME_FIELDS,
  type DolyameAttributeMap,
  type DolyameField,
} from '#contract/public/dolyame.ts';
import { describeProblem, type JsonTextProblem } from '#contract/json-text.ts';
import type { Site } from '#contract/entities/site.ts';
import type * as z from 'zod';
import type { dolyameAppInput } from '#contract/entities/dolyame.ts';
import type { Db } from '../platform/db/client.ts';
import {
  dolyameAlternativeAttributes,
  dolyameAppConfigs,
  dolyameWidgetConfigs,
} from '../platform/db/schema.ts';
import { recordAudit } from '../platform/audit/repository.ts';
import { HttpError, isUniqueViolation, notFound } from '../platform/http/http-error.ts';
import { attributeMap, isDolyameField, productFacts } from './dolyame-products.ts';

type AppFields = z.output<typeof dolyameAppInput>;
type SiteFacts = Pick<Site, 'apiKey' | 'siteUrl'>;

/** 400 for JSON text that does not parse or does not fit: the message and `details` name the line. */
function jsonTextError(field: string, problem: JsonTextProblem): HttpError {
  const message = `${field}: ${describeProblem(problem)}`;
  return new HttpError(
    400,
    message,
    { field, line: problem.line, column: problem.column, path: problem.path ?? [] },
    { issues: [{ path: ['body', field], code: 'json_text', message }] },
  );
}

/** 409 naming the field of the body that clashes with another alternative attribute of the site. */
function attributeConflict(field: 'attribute' | 'alternative', message: string): HttpError {
  return new HttpError(409, message, undefined, {
    issues: [{ path: ['body', field], code: 'conflict', message }],
  });
}

/** Spec §3's defaults over what was saved (§5: a default applies when the field is empty). */
export function resolveApp(
  site: SiteFacts,
  fields: Partial<AppFields> | null,
  meta: { updatedAt: Date | null; updatedBy: string | null },
): DolyameAppConfig {
  const f = fields ?? {};
  const title = f.title ?? '';
  return {
    data: f.data ?? '',
    title,
    metaTitle: f.metaTitle ?? title,
    apiKey: site.apiKey,
    domain: f.domain ?? site.siteUrl,
    cashback: DOLYAME_APP_DEFAULTS.cashback,
    source: DOLYAME_APP_DEFAULTS.source,
    defaultRegionId: f.defaultRegionId ?? DOLYAME_APP_DEFAULTS.defaultRegionId,
    strategy: f.strategy ?? DOLYAME_APP_DEFAULTS.strategy,
    primaryColor: f.primaryColor ?? null,
    digiPreview: f.digiPreview ?? null,
    defaultCategoryLevel: f.defaultCategoryLevel ?? null,
    cashbackMaxValue: f.cashbackMaxValue ?? DOLYAME_APP_DEFAULTS.cashbackMaxValue,
    regionId: f.regionId ?? null,
    description: f.description ?? '',
    dolyameRegionIdsMap: f.dolyameRegionIdsMap?.trim() ? f.dolyameRegionIdsMap : '{}',
    useCategoryPrediction: f.useCategoryPrediction ?? DOLYAME_APP_DEFAULTS.useCategoryPrediction,
    updatedAt: meta.updatedAt?.toISOString() ?? null,
    updatedBy: meta.updatedBy,
  };
}

export function createDolyameRepository(db: Db) {
  async function appRow(siteId: number) {
    const [row] = await db
      .select()
      .from(dolyameAppConfigs)
      .where(eq(dolyameAppConfigs.siteId, siteId));
    return row;
  }
  async function widgetRow(siteId: number) {
    const [row] = await db
      .select()
      .from(dolyameWidgetConfigs)
      .where(eq(dolyameWidgetConfigs.siteId, siteId));
    return row;
  }
  const widgetOf = (row: Awaited<ReturnType<typeof widgetRow>>): DolyameWidgetConfig => ({
    enabled: row?.enabled ?? false,
    config: row?.configText ?? DOLYAME_WIDGET_DEFAULT_TEXT,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    updatedBy: row?.updatedBy ?? null,
  });

  return {
    async getApp(site: Site): Promise<DolyameAppConfig> {
      const row = await appRow(site.siteId);
      return resolveApp(site, (row?.fields as Partial<AppFields> | undefined) ?? null, {
        updatedAt: row?.updatedAt ?? null,
        updatedBy: row?.updatedBy ?? null,
      });
    },

    async saveApp(site: Site, fields: AppFields, actor: string): Promise<DolyameAppConfig> {
      const map = checkRegionMapText(fields.dolyameRegionIdsMap ?? '');
      if (!map.ok) throw jsonTextError('dolyameRegionIdsMap', map.problem);
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(dolyameAppConfigs)
          .where(eq(dolyameAppConfigs.siteId, site.siteId))
          .for('update');
        const [row] = await tx
          .insert(dolyameAppConfigs)
          .values({ siteId: site.siteId, fields, updatedBy: actor })
          .onConflictDoUpdate({
            target: dolyameAppConfigs.siteId,
            set: { fields, updatedBy: actor, updatedAt: new Date() },
          })
          .returning();
        await recordAudit(tx, {
          actor,
          action: before ? 'update' : 'create',
          entity: 'dolyame-app-config',
          entityId: site.siteId,
          before: before?.fields ?? null,
          after: fields,
        });
        return resolveApp(site, fields, { updatedAt: row!.updatedAt, updatedBy: actor });
      });
    },

    async getWidget(siteId: number): Promise<DolyameWidgetConfig> {
      return widgetOf(await widgetRow(siteId));
    },

    async saveWidget(
      siteId: number,
      input: { enabled: boolean; config: string },
      actor: string,
    ): Promise<DolyameWidgetConfig> {
      const checked = checkDolyameWidgetText(input.config);
      if (!checked.ok) throw jsonTextError('config', checked.problem);
      const configText = input.config.trim() === '' ? DOLYAME_WIDGET_DEFAULT_TEXT : input.config;
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(dolyameWidgetConfigs)
          .where(eq(dolyameWidgetConfigs.siteId, siteId))
          .for('update');
        const [row] = await tx
          .insert(dolyameWidgetConfigs)
          .values({ siteId, enabled: input.enabled, configText, updatedBy: actor })
          .onConflictDoUpdate({
            target: dolyameWidgetConfigs.siteId,
            set: { enabled: input.enabled, configText, updatedBy: actor, updatedAt: new Date() },
          })
          .returning();
        await recordAudit(tx, {
          actor,
          action: before ? 'update' : 'create',
          entity: 'dolyame-widget-config',
          entityId: siteId,
          before: before ? { enabled: before.enabled, config: before.configText } : null,
          after: { enabled: input.enabled, config: configText },
        });
        return widgetOf(row);
      });
    },

    /** Whether the site's storefront loads the widget chunk (read by the /cdn loader). */
    async widgetEnabled(siteId: number): Promise<boolean> {
      const [row] = await db
        .select({ enabled: dolyameWidgetConfigs.enabled })
        .from(dolyameWidgetConfigs)
        .where(eq(dolyameWidgetConfigs.siteId, siteId));
      return row?.enabled ?? false;
    },

    /**
     * The public reads, of the site the call's apiKey names: the route finds it through the
     * sites repository's cached lookup (`knownSite`), as every public call does.
     */
    async publicApp(site: Site): Promise<PublicDolyameApp> {
      const row = await appRow(site.siteId);
      const config = resolveApp(site, (row?.fields as Partial<AppFields> | undefined) ?? null, {
        updatedAt: null,
        updatedBy: null,
      });
      const map = checkRegionMapText(config.dolyameRegionIdsMap);
      const { updatedAt: _u, updatedBy: _b, dolyameRegionIdsMap: _m, ...rest } = config;
      // Named as the search answer names a product's attributes: in lower case.
      const mapped = await this.attributeMap(site.siteId);
      const alternativeAttributes: DolyameAttributeMap = {};
      for (const field of DOLYAME_FIELDS) {
        const attribute = mapped[field];
        if (attribute !== undefined) alternativeAttributes[field] = attribute.toLowerCase();
      }
      return { ...rest, dolyameRegionIdsMap: map.ok ? map.map : {}, alternativeAttributes };
    },

    /**
     * The widget's read: its settings, the site's alternative attributes and, for the asked
     * product ids, what the live catalog's params say of each (dolyame-products.ts).
     */
    async publicWidget(
      site: Site,
      productIds: readonly string[] = [],
    ): Promise<PublicDolyameWidget> {
      const widget = widgetOf(await widgetRow(site.siteId));
      const checked = checkDolyameWidgetText(widget.config);
      const attributes = await this.attributeMap(site.siteId);
      const products =
        productIds.length > 0
          ? { products: await productFacts(db, site.siteId, productIds, attributes) }
          : {};
      // Saved text was checked on save; a config that no longer fits answers the defaults, disabled.
      if (!checked.ok) return { enabled: false, settings: defaults(), attributes, ...products };
      return { enabled: widget.enabled, settings: checked.settings, attributes, ...products };
    },

    /** The site's alternative attributes as a map field → feed attribute. */
    async attributeMap(siteId: number): Promise<DolyameAttributeMap> {
      return attributeMap(await this.listAttributes(siteId));
    },

    async listAttributes(siteId: number): Promise<AlternativeAttribute[]> {
      const rows = await db
        .select({
          id: dolyameAlternativeAttributes.id,
          siteId: dolyameAlternativeAttributes.siteId,
          attribute: dolyameAlternativeAttributes.attribute,
          alternative: dolyameAlternativeAttributes.alternative,
        })
        .from(dolyameAlternativeAttributes)
        .where(eq(dolyameAlternativeAttributes.siteId, siteId))
        .orderBy(asc(dolyameAlternativeAttributes.attribute));
      // The column is text: only the contract's fields are written, and migration 0045 kept no other.
      return rows.filter((row): row is AlternativeAttribute => isDolyameField(row.alternative));
    },

    async getAttribute(siteId: number, id: number): Promise<AlternativeAttribute> {
      const [row] = (await this.listAttributes(siteId)).filter((a) => a.id === id);
      if (!row) throw notFound('Alternative attribute');
      return row;
    },

    async saveAttribute(
      siteId: number,
      input: { id?: number; attribute: string; alternative: DolyameField },
      actor: string,
    ): Promise<AlternativeAttribute> {
      try {
        return await db.transaction(async (tx) => {
          const where = and(
            eq(dolyameAlternativeAttributes.siteId, siteId),
            eq(dolyameAlternativeAttributes.id, input.id ?? 0),
          );
          const [before] =
            input.id === undefined
              ? []
              : await tx.select().from(dolyameAlternativeAttributes).where(where).for('update');
          if (input.id !== undefined && !before) throw notFound('Alternative attribute');
          // One attribute per field, one field per attribute (its name compared ignoring case, as
          // the catalog's params are matched).
          const [clash] = await tx
            .select()
            .from(dolyameAlternativeAttributes)
            .where(
              and(
                eq(dolyameAlternativeAttributes.siteId, siteId),
                ne(dolyameAlternativeAttributes.id, input.id ?? 0),
                or(
                  eq(dolyameAlternativeAttributes.alternative, input.alternative),
                  sql`lower(${dolyameAlternativeAttributes.attribute}) = lower(${input.attribute}::text)`,
                ),
              ),
            )
            .limit(1);
          if (clash?.alternative === input.alternative)
            throw attributeConflict(
              'alternative',
              `The field ${input.alternative} already has its attribute (${clash.attribute})`,
            );
          if (clash)
            throw attributeConflict(
              'attribute',
              `The attribute ${clash.attribute} already stands for the field ${clash.alternative}`,
            );
          const values = { attribute: input.attribute, alternative: input.alternative };
          const [row] = before
            ? await tx.update(dolyameAlternativeAttributes).set(values).where(where).returning()
            : await tx
                .insert(dolyameAlternativeAttributes)
                .values({ siteId, ...values })
                .returning();
          await recordAudit(tx, {
            actor,
            action: before ? 'update' : 'create',
            entity: 'dolyame-alternative-attribute',
            entityId: row!.id,
            before: before
              ? { attribute: before.attribute, alternative: before.alternative }
              : null,
            after: { siteId, ...values },
          });
          return {
            id: row!.id,
            siteId,
            attribute: input.attribute,
            alternative: input.alternative,
          };
        });
      } catch (error) {
        // Two saves at once that the check above could not see: the unique indexes refuse one.
        if (isUniqueViolation(error))
          throw attributeConflict(
            'alternative',
            `The field ${input.alternative} or the attribute ${input.attribute} is already mapped`,
          );
        throw error;
      }
    },

    async deleteAttribute(siteId: number, id: number, actor: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .delete(dolyameAlternativeAttributes)
          .where(
            and(
              eq(dolyameAlternativeAttributes.siteId, siteId),
              eq(dolyameAlternativeAttributes.id, id),
            ),
          )
          .returning();
        if (!row) throw notFound('Alternative attribute');
        await recordAudit(tx, {
          actor,
          action: 'delete',
          entity: 'dolyame-alternative-attribute',
          entityId: id,
          before: { siteId, attribute: row.attribute, alternative: row.alternative },
        });
      });
    },
  };
}

function defaults(): DolyameWidgetSettings {
  const checked = checkDolyameWidgetText('');
  if (!checked.ok) throw new Error('the default widget config does not fit its schema');
  return checked.settings;
}
