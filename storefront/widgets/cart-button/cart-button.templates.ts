// Generated from widgets/cart-button/templates/*.hbs by storefront/build/precompile-templates.ts. Do not edit.
/* eslint-disable */
// @ts-nocheck
import type { TemplateSpec } from '../../runtime/templates.ts';

export const cartButtonTemplates: Readonly<Record<string, TemplateSpec>> = {
  cartButton: {
    '0': function (container, depth0, helpers, partials, data) {
      return ' digi-cart-button--in-cart';
    },
    '1': function (container, depth0, helpers, partials, data) {
      return ' digi-cart-button--adding';
    },
    '2': function (container, depth0, helpers, partials, data) {
      return ' aria-busy="true"';
    },
    '3': function (container, depth0, helpers, partials, data) {
      var stack1,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return container.escapeExpression(
        container.lambda(
          (stack1 =
            (stack1 = data && lookupProperty(data, 'root')) && lookupProperty(stack1, 'texts')) &&
            lookupProperty(stack1, 'inCart'),
          depth0,
        ),
      );
    },
    '4': function (container, depth0, helpers, partials, data) {
      var stack1,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return container.escapeExpression(
        container.lambda(
          (stack1 =
            (stack1 = data && lookupProperty(data, 'root')) && lookupProperty(stack1, 'texts')) &&
            lookupProperty(stack1, 'toCart'),
          depth0,
        ),
      );
    },
    compiler: [8, '>= 4.3.0'],
    main: function (container, depth0, helpers, partials, data) {
      var stack1,
        alias1 = depth0 != null ? depth0 : container.nullContext || {},
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '<button type="button" class="digi-cart-button' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'inCart') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(0, data, 0),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'adding') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(1, data, 0),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '" data-digi-action="cart"' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'adding') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(2, data, 0),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '>\n  <svg class="digi-cart-button__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false"><path fill="currentColor" d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM5.2 4l.6 3H21l-2 8H7.6L5.2 2H2v2h3.2Z"/></svg>\n  <span class="digi-cart-button__label">' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'inCart') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(3, data, 0),
            inverse: container.program(4, data, 0),
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '</span>\n</button>\n'
      );
    },
    useData: true,
  },
};
