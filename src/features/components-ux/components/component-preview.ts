import type { GlobalComponent } from '#contract/entities/config.ts';
import type { PreviewWidget } from '#studio/bridge/protocol.ts';
import type { ComponentForm } from './component-form.ts';

/** Which storefront widget shows a component type, and the name of its template part. */
export function widgetOf(type: GlobalComponent['type'] | undefined): {
  widget: PreviewWidget;
  part: string;
} {
  switch (type) {
    case 'SLIDER':
      return { widget: 'slider', part: 'slider' };
    case 'CART_BUTTON':
      return { widget: 'cart-button', part: 'cartButton' };
    case 'FAVORITE_BUTTON':
      return { widget: 'favorite-button', part: 'favoriteButton' };
    default:
      return { widget: 'product-card', part: 'productCard' };
  }
}

/** The widget's mount options from the component's settings (storefront/README.md). */
export function previewSettings(component: ComponentForm): Record<string, unknown> {
  const settings = component.customSettings ?? {};
  switch (component.type) {
    case 'SLIDER':
      return { perView: settings.perView };
    case 'CART_BUTTON':
      return {
        asyncCheckTime: settings.asyncCheckTime,
        asyncMaxAttempts: settings.asyncMaxAttempts,
        initCheckInterval: settings.initCheckInterval,
        initCheckAttempts: settings.initCheckAttempts,
      };
    case 'FAVORITE_BUTTON':
      return {};
    default:
      return {
        layout: (component.view ?? 'DEFAULT').toLowerCase(),
        pickerParams: settings.pickerParams,
      };
  }
}
