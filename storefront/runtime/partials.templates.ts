// Generated from runtime/templates/*.hbs by storefront/build/precompile-templates.ts. Do not edit.
/* eslint-disable */
// @ts-nocheck
import type { TemplateSpec } from './templates.ts';

export const partialSpecs: Readonly<Record<string, TemplateSpec>> = {
  card: {
    '0': function (container, depth0, helpers, partials, data) {
      return ' digi-card--unavailable';
    },
    '1': function (container, depth0, helpers, partials, data) {
      var helper,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '      <img class="digi-card__image" src="' +
        container.escapeExpression(
          ((helper =
            (helper =
              lookupProperty(helpers, 'picture') ||
              (depth0 != null ? lookupProperty(depth0, 'picture') : depth0)) != null
              ? helper
              : container.hooks.helperMissing),
          typeof helper === 'function'
            ? helper.call(depth0 != null ? depth0 : container.nullContext || {}, {
                name: 'picture',
                hash: {},
                data: data,
              })
            : helper),
        ) +
        '" alt="" loading="lazy" decoding="async">\n'
      );
    },
    '2': function (container, depth0, helpers, partials, data) {
      var stack1,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '      <span class="digi-card__no-image">' +
        container.escapeExpression(
          container.lambda(
            (stack1 =
              (stack1 = data && lookupProperty(data, 'root')) && lookupProperty(stack1, 'texts')) &&
              lookupProperty(stack1, 'noImage'),
            depth0,
          ),
        ) +
        '</span>\n'
      );
    },
    '3': function (container, depth0, helpers, partials, data) {
      var helper,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '<span class="digi-card__discount">−' +
        container.escapeExpression(
          ((helper =
            (helper =
              lookupProperty(helpers, 'discount') ||
              (depth0 != null ? lookupProperty(depth0, 'discount') : depth0)) != null
              ? helper
              : container.hooks.helperMissing),
          typeof helper === 'function'
            ? helper.call(depth0 != null ? depth0 : container.nullContext || {}, {
                name: 'discount',
                hash: {},
                data: data,
              })
            : helper),
        ) +
        '%</span>'
      );
    },
    '4': function (container, depth0, helpers, partials, data) {
      var stack1,
        alias1 = container.escapeExpression,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '<s class="digi-card__old-price"><span class="digi-visually-hidden">' +
        alias1(
          container.lambda(
            (stack1 =
              (stack1 = data && lookupProperty(data, 'root')) && lookupProperty(stack1, 'texts')) &&
              lookupProperty(stack1, 'discount'),
            depth0,
          ),
        ) +
        ': </span>' +
        alias1(
          (
            lookupProperty(helpers, 'formatPrice') ||
            (depth0 && lookupProperty(depth0, 'formatPrice')) ||
            container.hooks.helperMissing
          ).call(
            depth0 != null ? depth0 : container.nullContext || {},
            depth0 != null ? lookupProperty(depth0, 'oldPrice') : depth0,
            depth0 != null ? lookupProperty(depth0, 'currency') : depth0,
            { name: 'formatPrice', hash: {}, data: data },
          ),
        ) +
        '</s>'
      );
    },
    '5': function (container, depth0, helpers, partials, data) {
      var helper,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '<div class="digi-card__brand">' +
        container.escapeExpression(
          ((helper =
            (helper =
              lookupProperty(helpers, 'brand') ||
              (depth0 != null ? lookupProperty(depth0, 'brand') : depth0)) != null
              ? helper
              : container.hooks.helperMissing),
          typeof helper === 'function'
            ? helper.call(depth0 != null ? depth0 : container.nullContext || {}, {
                name: 'brand',
                hash: {},
                data: data,
              })
            : helper),
        ) +
        '</div>'
      );
    },
    '6': function (container, depth0, helpers, partials, data, blockParams, depths) {
      var stack1,
        helper,
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
        '      <div class="digi-card__picker" role="group" aria-label="' +
        container.escapeExpression(
          ((helper =
            (helper =
              lookupProperty(helpers, 'name') ||
              (depth0 != null ? lookupProperty(depth0, 'name') : depth0)) != null
              ? helper
              : container.hooks.helperMissing),
          typeof helper === 'function'
            ? helper.call(alias1, { name: 'name', hash: {}, data: data })
            : helper),
        ) +
        '">\n' +
        ((stack1 = lookupProperty(helpers, 'each').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'options') : depth0,
          {
            name: 'each',
            hash: {},
            fn: container.program(7, data, 0, blockParams, depths),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '      </div>\n'
      );
    },
    '7': function (container, depth0, helpers, partials, data, blockParams, depths) {
      var stack1,
        helper,
        alias1 = depth0 != null ? depth0 : container.nullContext || {},
        alias2 = container.lambda,
        alias3 = container.escapeExpression,
        alias4 = container.hooks.helperMissing,
        alias5 = 'function',
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '          <button type="button" class="digi-card__option' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'selected') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(8, data, 0, blockParams, depths),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        ((stack1 = lookupProperty(helpers, 'unless').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'available') : depth0,
          {
            name: 'unless',
            hash: {},
            fn: container.program(9, data, 0, blockParams, depths),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '" aria-pressed="' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'selected') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(10, data, 0, blockParams, depths),
            inverse: container.program(11, data, 0, blockParams, depths),
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '" data-digi-action="pick" data-digi-product="' +
        alias3(alias2(depths[2] != null ? lookupProperty(depths[2], 'id') : depths[2], depth0)) +
        '" data-digi-param="' +
        alias3(alias2(depths[1] != null ? lookupProperty(depths[1], 'name') : depths[1], depth0)) +
        '" data-digi-value="' +
        alias3(
          ((helper =
            (helper =
              lookupProperty(helpers, 'value') ||
              (depth0 != null ? lookupProperty(depth0, 'value') : depth0)) != null
              ? helper
              : alias4),
          typeof helper === alias5
            ? helper.call(alias1, { name: 'value', hash: {}, data: data })
            : helper),
        ) +
        '">' +
        alias3(
          ((helper =
            (helper =
              lookupProperty(helpers, 'value') ||
              (depth0 != null ? lookupProperty(depth0, 'value') : depth0)) != null
              ? helper
              : alias4),
          typeof helper === alias5
            ? helper.call(alias1, { name: 'value', hash: {}, data: data })
            : helper),
        ) +
        '</button>\n'
      );
    },
    '8': function (container, depth0, helpers, partials, data) {
      return ' digi-card__option--selected';
    },
    '9': function (container, depth0, helpers, partials, data) {
      return ' digi-card__option--unavailable';
    },
    '10': function (container, depth0, helpers, partials, data) {
      return 'true';
    },
    '11': function (container, depth0, helpers, partials, data) {
      return 'false';
    },
    '12': function (container, depth0, helpers, partials, data) {
      return ' disabled';
    },
    '13': function (container, depth0, helpers, partials, data) {
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
            lookupProperty(stack1, 'buy'),
          depth0,
        ),
      );
    },
    '14': function (container, depth0, helpers, partials, data) {
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
            lookupProperty(stack1, 'unavailable'),
          depth0,
        ),
      );
    },
    compiler: [8, '>= 4.3.0'],
    main: function (container, depth0, helpers, partials, data, blockParams, depths) {
      var stack1,
        helper,
        alias1 = depth0 != null ? depth0 : container.nullContext || {},
        alias2 = container.hooks.helperMissing,
        alias3 = 'function',
        alias4 = container.escapeExpression,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '<article class="digi-card digi-card--' +
        alias4(
          ((helper =
            (helper =
              lookupProperty(helpers, 'layout') ||
              (depth0 != null ? lookupProperty(depth0, 'layout') : depth0)) != null
              ? helper
              : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'layout', hash: {}, data: data })
            : helper),
        ) +
        ((stack1 = lookupProperty(helpers, 'unless').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'available') : depth0,
          {
            name: 'unless',
            hash: {},
            fn: container.program(0, data, 0, blockParams, depths),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '" data-digi-product="' +
        alias4(
          ((helper =
            (helper =
              lookupProperty(helpers, 'id') ||
              (depth0 != null ? lookupProperty(depth0, 'id') : depth0)) != null
              ? helper
              : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'id', hash: {}, data: data })
            : helper),
        ) +
        '">\n  <a class="digi-card__picture" href="' +
        alias4(
          ((helper =
            (helper =
              lookupProperty(helpers, 'url') ||
              (depth0 != null ? lookupProperty(depth0, 'url') : depth0)) != null
              ? helper
              : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'url', hash: {}, data: data })
            : helper),
        ) +
        '" tabindex="-1" aria-hidden="true" data-digi-action="open" data-digi-product="' +
        alias4(
          ((helper =
            (helper =
              lookupProperty(helpers, 'id') ||
              (depth0 != null ? lookupProperty(depth0, 'id') : depth0)) != null
              ? helper
              : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'id', hash: {}, data: data })
            : helper),
        ) +
        '" data-digi-position="' +
        alias4(
          ((helper =
            (helper =
              lookupProperty(helpers, 'position') ||
              (depth0 != null ? lookupProperty(depth0, 'position') : depth0)) != null
              ? helper
              : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'position', hash: {}, data: data })
            : helper),
        ) +
        '">\n' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'picture') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(1, data, 0, blockParams, depths),
            inverse: container.program(2, data, 0, blockParams, depths),
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '    ' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'discount') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(3, data, 0, blockParams, depths),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '\n  </a>\n  <div class="digi-card__body">\n    <div class="digi-card__prices">\n      <span class="digi-card__price">' +
        alias4(
          (
            lookupProperty(helpers, 'formatPrice') ||
            (depth0 && lookupProperty(depth0, 'formatPrice')) ||
            alias2
          ).call(
            alias1,
            depth0 != null ? lookupProperty(depth0, 'price') : depth0,
            depth0 != null ? lookupProperty(depth0, 'currency') : depth0,
            { name: 'formatPrice', hash: {}, data: data },
          ),
        ) +
        '</span>\n      ' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'oldPrice') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(4, data, 0, blockParams, depths),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '\n    </div>\n    ' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'brand') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(5, data, 0, blockParams, depths),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '\n    <a class="digi-card__name" href="' +
        alias4(
          ((helper =
            (helper =
              lookupProperty(helpers, 'url') ||
              (depth0 != null ? lookupProperty(depth0, 'url') : depth0)) != null
              ? helper
              : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'url', hash: {}, data: data })
            : helper),
        ) +
        '" data-digi-action="open" data-digi-product="' +
        alias4(
          ((helper =
            (helper =
              lookupProperty(helpers, 'id') ||
              (depth0 != null ? lookupProperty(depth0, 'id') : depth0)) != null
              ? helper
              : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'id', hash: {}, data: data })
            : helper),
        ) +
        '" data-digi-position="' +
        alias4(
          ((helper =
            (helper =
              lookupProperty(helpers, 'position') ||
              (depth0 != null ? lookupProperty(depth0, 'position') : depth0)) != null
              ? helper
              : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'position', hash: {}, data: data })
            : helper),
        ) +
        '">' +
        alias4(
          (
            lookupProperty(helpers, 'highlight') ||
            (depth0 && lookupProperty(depth0, 'highlight')) ||
            alias2
          ).call(
            alias1,
            depth0 != null ? lookupProperty(depth0, 'name') : depth0,
            (stack1 = data && lookupProperty(data, 'root')) && lookupProperty(stack1, 'query'),
            { name: 'highlight', hash: {}, data: data },
          ),
        ) +
        '</a>\n' +
        ((stack1 = lookupProperty(helpers, 'each').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'pickers') : depth0,
          {
            name: 'each',
            hash: {},
            fn: container.program(6, data, 0, blockParams, depths),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '    <button type="button" class="digi-card__buy" data-digi-action="buy" data-digi-product="' +
        alias4(
          ((helper =
            (helper =
              lookupProperty(helpers, 'id') ||
              (depth0 != null ? lookupProperty(depth0, 'id') : depth0)) != null
              ? helper
              : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'id', hash: {}, data: data })
            : helper),
        ) +
        '"' +
        ((stack1 = lookupProperty(helpers, 'unless').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'available') : depth0,
          {
            name: 'unless',
            hash: {},
            fn: container.program(12, data, 0, blockParams, depths),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '>' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'available') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(13, data, 0, blockParams, depths),
            inverse: container.program(14, data, 0, blockParams, depths),
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '</button>\n  </div>\n</article>\n'
      );
    },
    useData: true,
    useDepths: true,
  },
};
