// Generated from widgets/autocomplete/templates/*.hbs by storefront/build/precompile-templates.ts. Do not edit.
/* eslint-disable */
// @ts-nocheck
import type { TemplateSpec } from '../../runtime/templates.ts';

export const autocompleteTemplates: Readonly<Record<string, TemplateSpec>> = {
  autocomplete: {
    '0': function (container, depth0, helpers, partials, data, blockParams, depths) {
      var stack1,
        helper,
        alias1 = depth0 != null ? depth0 : container.nullContext || {},
        alias2 = container.escapeExpression,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '  <div class="digi-autocomplete__dropdown' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'loading') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(1, data, 0, blockParams, depths),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '">\n    <div class="digi-autocomplete__listbox" role="listbox" id="' +
        alias2(
          ((helper =
            (helper =
              lookupProperty(helpers, 'listboxId') ||
              (depth0 != null ? lookupProperty(depth0, 'listboxId') : depth0)) != null
              ? helper
              : container.hooks.helperMissing),
          typeof helper === 'function'
            ? helper.call(alias1, { name: 'listboxId', hash: {}, data: data })
            : helper),
        ) +
        '" aria-label="' +
        alias2(
          container.lambda(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
              ? lookupProperty(stack1, 'search')
              : stack1,
            depth0,
          ),
        ) +
        '">\n' +
        ((stack1 = lookupProperty(helpers, 'each').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'blocks') : depth0,
          {
            name: 'each',
            hash: {},
            fn: container.program(2, data, 0, blockParams, depths),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '    </div>\n' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'empty') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(15, data, 0, blockParams, depths),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '    <div class="digi-autocomplete__footer">\n      ' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'hasHistory') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(18, data, 0, blockParams, depths),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '\n      ' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'query') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(19, data, 0, blockParams, depths),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '\n    </div>\n  </div>\n'
      );
    },
    '1': function (container, depth0, helpers, partials, data) {
      return ' digi-autocomplete__dropdown--loading';
    },
    '2': function (container, depth0, helpers, partials, data, blockParams, depths) {
      var stack1,
        helper,
        alias1 = depth0 != null ? depth0 : container.nullContext || {},
        alias2 = container.hooks.helperMissing,
        alias3 = 'function',
        alias4 = container.escapeExpression,
        alias5 = container.lambda,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '        <div class="digi-autocomplete__block digi-autocomplete__block--' +
        alias4(
          ((helper =
            (helper =
              lookupProperty(helpers, 'name') ||
              (depth0 != null ? lookupProperty(depth0, 'name') : depth0)) != null
              ? helper
              : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'name', hash: {}, data: data })
            : helper),
        ) +
        '" role="group" aria-labelledby="' +
        alias4(
          alias5(depths[1] != null ? lookupProperty(depths[1], 'listboxId') : depths[1], depth0),
        ) +
        '-' +
        alias4(
          ((helper =
            (helper =
              lookupProperty(helpers, 'name') ||
              (depth0 != null ? lookupProperty(depth0, 'name') : depth0)) != null
              ? helper
              : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'name', hash: {}, data: data })
            : helper),
        ) +
        '">\n          <div class="digi-autocomplete__title" id="' +
        alias4(
          alias5(depths[1] != null ? lookupProperty(depths[1], 'listboxId') : depths[1], depth0),
        ) +
        '-' +
        alias4(
          ((helper =
            (helper =
              lookupProperty(helpers, 'name') ||
              (depth0 != null ? lookupProperty(depth0, 'name') : depth0)) != null
              ? helper
              : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'name', hash: {}, data: data })
            : helper),
        ) +
        '">' +
        alias4(
          ((helper =
            (helper =
              lookupProperty(helpers, 'title') ||
              (depth0 != null ? lookupProperty(depth0, 'title') : depth0)) != null
              ? helper
              : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'title', hash: {}, data: data })
            : helper),
        ) +
        '</div>\n' +
        ((stack1 = lookupProperty(helpers, 'each').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'items') : depth0,
          {
            name: 'each',
            hash: {},
            fn: container.program(3, data, 0, blockParams, depths),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '        </div>\n'
      );
    },
    '3': function (container, depth0, helpers, partials, data) {
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
        '            <div class="digi-autocomplete__item digi-autocomplete__item--' +
        alias4(
          ((helper =
            (helper =
              lookupProperty(helpers, 'kind') ||
              (depth0 != null ? lookupProperty(depth0, 'kind') : depth0)) != null
              ? helper
              : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'kind', hash: {}, data: data })
            : helper),
        ) +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'active') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(4, data, 0),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '" role="option" id="' +
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
        '" aria-selected="' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'active') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(5, data, 0),
            inverse: container.program(6, data, 0),
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '" data-digi-action="ac-choose" data-digi-index="' +
        alias4(
          ((helper =
            (helper =
              lookupProperty(helpers, 'index') ||
              (depth0 != null ? lookupProperty(depth0, 'index') : depth0)) != null
              ? helper
              : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'index', hash: {}, data: data })
            : helper),
        ) +
        '">\n' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'product') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(7, data, 0),
            inverse: container.program(12, data, 0),
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '            </div>\n'
      );
    },
    '4': function (container, depth0, helpers, partials, data) {
      return ' digi-autocomplete__item--active';
    },
    '5': function (container, depth0, helpers, partials, data) {
      return 'true';
    },
    '6': function (container, depth0, helpers, partials, data) {
      return 'false';
    },
    '7': function (container, depth0, helpers, partials, data) {
      var stack1,
        alias1 = depth0 != null ? depth0 : container.nullContext || {},
        alias2 = container.hooks.helperMissing,
        alias3 = container.escapeExpression,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '                ' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          (stack1 = depth0 != null ? lookupProperty(depth0, 'product') : depth0) != null
            ? lookupProperty(stack1, 'picture')
            : stack1,
          {
            name: 'if',
            hash: {},
            fn: container.program(8, data, 0),
            inverse: container.program(9, data, 0),
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '\n                <span class="digi-autocomplete__product">\n                  <span class="digi-autocomplete__label">' +
        alias3(
          (
            lookupProperty(helpers, 'highlight') ||
            (depth0 && lookupProperty(depth0, 'highlight')) ||
            alias2
          ).call(
            alias1,
            depth0 != null ? lookupProperty(depth0, 'label') : depth0,
            (stack1 = data && lookupProperty(data, 'root')) && lookupProperty(stack1, 'query'),
            { name: 'highlight', hash: {}, data: data },
          ),
        ) +
        '</span>\n                  <span class="digi-autocomplete__price">' +
        alias3(
          (
            lookupProperty(helpers, 'formatPrice') ||
            (depth0 && lookupProperty(depth0, 'formatPrice')) ||
            alias2
          ).call(
            alias1,
            (stack1 = depth0 != null ? lookupProperty(depth0, 'product') : depth0) != null
              ? lookupProperty(stack1, 'price')
              : stack1,
            (stack1 = depth0 != null ? lookupProperty(depth0, 'product') : depth0) != null
              ? lookupProperty(stack1, 'currency')
              : stack1,
            { name: 'formatPrice', hash: {}, data: data },
          ),
        ) +
        '</span>\n                  ' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          (stack1 = depth0 != null ? lookupProperty(depth0, 'product') : depth0) != null
            ? lookupProperty(stack1, 'oldPrice')
            : stack1,
          {
            name: 'if',
            hash: {},
            fn: container.program(10, data, 0),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '\n                  ' +
        ((stack1 = lookupProperty(helpers, 'unless').call(
          alias1,
          (stack1 = depth0 != null ? lookupProperty(depth0, 'product') : depth0) != null
            ? lookupProperty(stack1, 'available')
            : stack1,
          {
            name: 'unless',
            hash: {},
            fn: container.program(11, data, 0),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '\n                </span>\n'
      );
    },
    '8': function (container, depth0, helpers, partials, data) {
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
        '<img class="digi-autocomplete__picture" src="' +
        container.escapeExpression(
          container.lambda(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'product') : depth0) != null
              ? lookupProperty(stack1, 'picture')
              : stack1,
            depth0,
          ),
        ) +
        '" alt="" loading="lazy">'
      );
    },
    '9': function (container, depth0, helpers, partials, data) {
      return '<span class="digi-autocomplete__picture digi-autocomplete__picture--none" aria-hidden="true"></span>';
    },
    '10': function (container, depth0, helpers, partials, data) {
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
        '<s class="digi-autocomplete__old-price">' +
        container.escapeExpression(
          (
            lookupProperty(helpers, 'formatPrice') ||
            (depth0 && lookupProperty(depth0, 'formatPrice')) ||
            container.hooks.helperMissing
          ).call(
            depth0 != null ? depth0 : container.nullContext || {},
            (stack1 = depth0 != null ? lookupProperty(depth0, 'product') : depth0) != null
              ? lookupProperty(stack1, 'oldPrice')
              : stack1,
            (stack1 = depth0 != null ? lookupProperty(depth0, 'product') : depth0) != null
              ? lookupProperty(stack1, 'currency')
              : stack1,
            { name: 'formatPrice', hash: {}, data: data },
          ),
        ) +
        '</s>'
      );
    },
    '11': function (container, depth0, helpers, partials, data) {
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
        '<span class="digi-autocomplete__unavailable">' +
        container.escapeExpression(
          container.lambda(
            (stack1 =
              (stack1 = data && lookupProperty(data, 'root')) && lookupProperty(stack1, 'texts')) &&
              lookupProperty(stack1, 'unavailable'),
            depth0,
          ),
        ) +
        '</span>'
      );
    },
    '12': function (container, depth0, helpers, partials, data) {
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
        '                <span class="digi-autocomplete__label">' +
        container.escapeExpression(
          (
            lookupProperty(helpers, 'highlight') ||
            (depth0 && lookupProperty(depth0, 'highlight')) ||
            container.hooks.helperMissing
          ).call(
            alias1,
            depth0 != null ? lookupProperty(depth0, 'label') : depth0,
            (stack1 = data && lookupProperty(data, 'root')) && lookupProperty(stack1, 'query'),
            { name: 'highlight', hash: {}, data: data },
          ),
        ) +
        '</span>\n                ' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'detail') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(13, data, 0),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '\n                ' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'count') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(14, data, 0),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '\n'
      );
    },
    '13': function (container, depth0, helpers, partials, data) {
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
        '<span class="digi-autocomplete__detail">' +
        container.escapeExpression(
          ((helper =
            (helper =
              lookupProperty(helpers, 'detail') ||
              (depth0 != null ? lookupProperty(depth0, 'detail') : depth0)) != null
              ? helper
              : container.hooks.helperMissing),
          typeof helper === 'function'
            ? helper.call(depth0 != null ? depth0 : container.nullContext || {}, {
                name: 'detail',
                hash: {},
                data: data,
              })
            : helper),
        ) +
        '</span>'
      );
    },
    '14': function (container, depth0, helpers, partials, data) {
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
        '<span class="digi-autocomplete__count">' +
        container.escapeExpression(
          ((helper =
            (helper =
              lookupProperty(helpers, 'count') ||
              (depth0 != null ? lookupProperty(depth0, 'count') : depth0)) != null
              ? helper
              : container.hooks.helperMissing),
          typeof helper === 'function'
            ? helper.call(depth0 != null ? depth0 : container.nullContext || {}, {
                name: 'count',
                hash: {},
                data: data,
              })
            : helper),
        ) +
        '</span>'
      );
    },
    '15': function (container, depth0, helpers, partials, data) {
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
        '      <p class="digi-autocomplete__empty">' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          depth0 != null ? depth0 : container.nullContext || {},
          depth0 != null ? lookupProperty(depth0, 'loading') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(16, data, 0),
            inverse: container.program(17, data, 0),
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '</p>\n'
      );
    },
    '16': function (container, depth0, helpers, partials, data) {
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
          (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
            ? lookupProperty(stack1, 'loading')
            : stack1,
          depth0,
        ),
      );
    },
    '17': function (container, depth0, helpers, partials, data) {
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
          (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
            ? lookupProperty(stack1, 'nothingFound')
            : stack1,
          depth0,
        ),
      );
    },
    '18': function (container, depth0, helpers, partials, data) {
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
        '<button type="button" class="digi-autocomplete__clear-history" data-digi-action="ac-clear-history">' +
        container.escapeExpression(
          container.lambda(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
              ? lookupProperty(stack1, 'clearHistory')
              : stack1,
            depth0,
          ),
        ) +
        '</button>'
      );
    },
    '19': function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
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
        '<a class="digi-autocomplete__all" href="' +
        alias1(
          ((helper =
            (helper =
              lookupProperty(helpers, 'allUrl') ||
              (depth0 != null ? lookupProperty(depth0, 'allUrl') : depth0)) != null
              ? helper
              : container.hooks.helperMissing),
          typeof helper === 'function'
            ? helper.call(depth0 != null ? depth0 : container.nullContext || {}, {
                name: 'allUrl',
                hash: {},
                data: data,
              })
            : helper),
        ) +
        '" data-digi-action="ac-all">' +
        alias1(
          container.lambda(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
              ? lookupProperty(stack1, 'allResults')
              : stack1,
            depth0,
          ),
        ) +
        '</a>'
      );
    },
    compiler: [8, '>= 4.3.0'],
    main: function (container, depth0, helpers, partials, data, blockParams, depths) {
      var stack1,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (stack1 = lookupProperty(helpers, 'if').call(
        depth0 != null ? depth0 : container.nullContext || {},
        depth0 != null ? lookupProperty(depth0, 'open') : depth0,
        {
          name: 'if',
          hash: {},
          fn: container.program(0, data, 0, blockParams, depths),
          inverse: container.noop,
          data: data,
        },
      )) != null
        ? stack1
        : '';
    },
    useData: true,
    useDepths: true,
  },
};
