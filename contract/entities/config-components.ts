/** Global components (spec §3; cart button defaults §9). */
import * as z from 'zod';
import {
  script,
  scss,
  COMPONENT_TYPES,
  COMPONENT_VIEWS,
  parseJsonObject,
} from './config-fields.ts';
import { templatePart } from './config-recommendations.ts';

export const componentSettings = z
  .object({
    /** Position among the site's components (drag-and-drop). */
    ordering: z.number().int().min(0).default(0),
    /** Cart button: where the cart state comes from (a JavaScript expression returning ids). */
    cartStateSource: script.default(''),
    asyncCheckTime: z.number().int().min(0).max(60_000).default(500),
    asyncMaxAttempts: z.number().int().min(0).max(100).default(5),
    initCheckInterval: z.number().int().min(0).max(60_000).default(1000),
    initCheckAttempts: z.number().int().min(0).max(100).default(3),
    /** Product card: SKU attribute pickers. */
    pickerParams: z.array(z.string().max(100)).max(10).default(['Цвет', 'Размер']),
    /** Slider: slides per view. */
    perView: z.number().int().min(1).max(12).default(4),
  })
  .catchall(z.unknown());

export const globalComponent = z.object({
  componentId: z.number().int().positive().optional(),
  name: z.string().trim().min(1).max(200),
  type: z.enum(COMPONENT_TYPES).default('PRODUCT'),
  view: z.enum(COMPONENT_VIEWS).default('DEFAULT'),
  template: templatePart.default({ html: '', script: '' }),
  customSettings: componentSettings.default(componentSettings.parse({})),
  css: scss.default(''),
});
export type GlobalComponent = z.infer<typeof globalComponent>;
export type GlobalComponentInput = z.input<typeof globalComponent>;

/** As it travels: template and customSettings are JSON text (spec §7). */
export const globalComponentWire = globalComponent.extend({
  template: z.string().max(2_000_000),
  customSettings: z.string().max(1_000_000),
});
export type GlobalComponentWire = z.infer<typeof globalComponentWire>;

export function parseGlobalComponent(wire: GlobalComponentWire): GlobalComponent {
  return globalComponent.parse({
    ...wire,
    template: parseJsonObject(wire.template),
    customSettings: parseJsonObject(wire.customSettings),
  });
}

export function serializeGlobalComponent(component: GlobalComponent): GlobalComponentWire {
  return {
    ...component,
    template: JSON.stringify(component.template),
    customSettings: JSON.stringify(component.customSettings),
  };
}
