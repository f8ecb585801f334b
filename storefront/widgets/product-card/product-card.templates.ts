// Generated from widgets/product-card/templates/*.hbs by storefront/build/precompile-templates.ts. Do not edit.
/* eslint-disable */
// @ts-nocheck
import type { TemplateSpec } from '../../runtime/templates.ts';

export const productCardTemplates: Readonly<Record<string, TemplateSpec>> = {
  productCard: {
    compiler: [8, '>= 4.3.0'],
    main: function (container, depth0, helpers, partials, data) {
      var stack1,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (stack1 = container.invokePartial(lookupProperty(partials, 'card'), depth0, {
        name: 'card',
        data: data,
        helpers: helpers,
        partials: partials,
        decorators: container.decorators,
      })) != null
        ? stack1
        : '';
    },
    usePartial: true,
    useData: true,
  },
};
