// Generated from widgets/recommendations/templates/*.hbs by storefront/build/precompile-templates.ts. Do not edit.
/* eslint-disable */
// @ts-nocheck
import type { TemplateSpec } from '../../runtime/templates.ts';

export const recommendationsTemplates: Readonly<Record<string, TemplateSpec>> = {
  common: {
    '0': function (container, depth0, helpers, partials, data) {
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
        '<section class="digi-recommendations' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'infinite') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(1, data, 0),
            inverse: container.program(2, data, 0),
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '" aria-label="' +
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
        '">\n  <h2 class="digi-recommendations__title">' +
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
        '</h2>\n' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'failed') : depth0,
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
        '</section>\n'
      );
    },
    '1': function (container, depth0, helpers, partials, data) {
      return ' digi-recommendations--list';
    },
    '2': function (container, depth0, helpers, partials, data) {
      return ' digi-recommendations--swiper';
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

      return (
        '    <p class="digi-recommendations__error">' +
        container.escapeExpression(
          container.lambda(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
              ? lookupProperty(stack1, 'failed')
              : stack1,
            depth0,
          ),
        ) +
        '</p>\n'
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

      return (stack1 = lookupProperty(helpers, 'if').call(
        depth0 != null ? depth0 : container.nullContext || {},
        depth0 != null ? lookupProperty(depth0, 'infinite') : depth0,
        {
          name: 'if',
          hash: {},
          fn: container.program(5, data, 0),
          inverse: container.program(6, data, 0),
          data: data,
        },
      )) != null
        ? stack1
        : '';
    },
    '5': function (container, depth0, helpers, partials, data) {
      return '      <div class="digi-recommendations__body" data-digi-part="infinityList"></div>\n      <div data-digi-part="infinityListModal"></div>\n';
    },
    '6': function (container, depth0, helpers, partials, data) {
      return '      <div class="digi-recommendations__body" data-digi-part="swiper"></div>\n';
    },
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

      return (stack1 = lookupProperty(helpers, 'unless').call(
        depth0 != null ? depth0 : container.nullContext || {},
        depth0 != null ? lookupProperty(depth0, 'empty') : depth0,
        {
          name: 'unless',
          hash: {},
          fn: container.program(0, data, 0),
          inverse: container.noop,
          data: data,
        },
      )) != null
        ? stack1
        : '';
    },
    useData: true,
  },
  infinityListModal: {
    '0': function (container, depth0, helpers, partials, data) {
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
        '  <div class="digi-recommendations__backdrop" data-digi-action="recs-modal-close"></div>\n  <div class="digi-recommendations__modal" role="dialog" aria-modal="true" aria-label="' +
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
        '">\n    <div class="digi-recommendations__modal-head">\n      <h2 class="digi-recommendations__title">' +
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
        '</h2>\n      <button type="button" class="digi-recommendations__close" aria-label="' +
        alias4(
          container.lambda(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
              ? lookupProperty(stack1, 'close')
              : stack1,
            depth0,
          ),
        ) +
        '" data-digi-action="recs-modal-close">×</button>\n    </div>\n    <ul class="digi-recommendations__grid digi-recommendations__grid--modal">\n      ' +
        ((stack1 = lookupProperty(helpers, 'each').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'items') : depth0,
          {
            name: 'each',
            hash: {},
            fn: container.program(1, data, 0),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '\n    </ul>\n    ' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'hasMore') : depth0,
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
        '\n  </div>\n'
      );
    },
    '1': function (container, depth0, helpers, partials, data) {
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
        '<li class="digi-recommendations__cell">' +
        ((stack1 = container.invokePartial(lookupProperty(partials, 'card'), depth0, {
          name: 'card',
          data: data,
          helpers: helpers,
          partials: partials,
          decorators: container.decorators,
        })) != null
          ? stack1
          : '') +
        '</li>'
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
        '<button type="button" class="digi-recommendations__more" data-digi-action="recs-more">' +
        container.escapeExpression(
          container.lambda(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
              ? lookupProperty(stack1, 'showMore')
              : stack1,
            depth0,
          ),
        ) +
        '</button>'
      );
    },
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

      return (stack1 = lookupProperty(helpers, 'if').call(
        depth0 != null ? depth0 : container.nullContext || {},
        depth0 != null ? lookupProperty(depth0, 'open') : depth0,
        {
          name: 'if',
          hash: {},
          fn: container.program(0, data, 0),
          inverse: container.noop,
          data: data,
        },
      )) != null
        ? stack1
        : '';
    },
    usePartial: true,
    useData: true,
  },
  infinityList: {
    '0': function (container, depth0, helpers, partials, data) {
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
        '  <ul class="digi-recommendations__skeleton" aria-busy="true" aria-label="' +
        container.escapeExpression(
          container.lambda(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
              ? lookupProperty(stack1, 'loading')
              : stack1,
            depth0,
          ),
        ) +
        '">' +
        ((stack1 = lookupProperty(helpers, 'each').call(
          depth0 != null ? depth0 : container.nullContext || {},
          depth0 != null ? lookupProperty(depth0, 'skeleton') : depth0,
          {
            name: 'each',
            hash: {},
            fn: container.program(1, data, 0),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '</ul>\n'
      );
    },
    '1': function (container, depth0, helpers, partials, data) {
      return '<li class="digi-skeleton"></li>';
    },
    '2': function (container, depth0, helpers, partials, data) {
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
        '  <ul class="digi-recommendations__grid">\n' +
        ((stack1 = lookupProperty(helpers, 'each').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'items') : depth0,
          {
            name: 'each',
            hash: {},
            fn: container.program(3, data, 0),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '  </ul>\n  <div class="digi-recommendations__actions">\n    ' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'hasMore') : depth0,
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
        '\n    <button type="button" class="digi-recommendations__all" data-digi-action="recs-modal-open" aria-haspopup="dialog">' +
        container.escapeExpression(
          container.lambda(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
              ? lookupProperty(stack1, 'showAll')
              : stack1,
            depth0,
          ),
        ) +
        '</button>\n  </div>\n'
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
        '      <li class="digi-recommendations__cell" data-digi-part="productItem" data-digi-key="' +
        container.escapeExpression(
          ((helper =
            (helper =
              lookupProperty(helpers, 'id') ||
              (depth0 != null ? lookupProperty(depth0, 'id') : depth0)) != null
              ? helper
              : container.hooks.helperMissing),
          typeof helper === 'function'
            ? helper.call(depth0 != null ? depth0 : container.nullContext || {}, {
                name: 'id',
                hash: {},
                data: data,
              })
            : helper),
        ) +
        '"></li>\n'
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

      return (
        '<button type="button" class="digi-recommendations__more" data-digi-action="recs-more"' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          depth0 != null ? depth0 : container.nullContext || {},
          depth0 != null ? lookupProperty(depth0, 'busy') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(5, data, 0),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '>' +
        container.escapeExpression(
          container.lambda(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
              ? lookupProperty(stack1, 'showMore')
              : stack1,
            depth0,
          ),
        ) +
        '</button>'
      );
    },
    '5': function (container, depth0, helpers, partials, data) {
      return ' disabled aria-busy="true"';
    },
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

      return (stack1 = lookupProperty(helpers, 'if').call(
        depth0 != null ? depth0 : container.nullContext || {},
        depth0 != null ? lookupProperty(depth0, 'loading') : depth0,
        {
          name: 'if',
          hash: {},
          fn: container.program(0, data, 0),
          inverse: container.program(2, data, 0),
          data: data,
        },
      )) != null
        ? stack1
        : '';
    },
    useData: true,
  },
  productItem: {
    '0': function (container, depth0, helpers, partials, data) {
      var stack1,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (stack1 = container.invokePartial(
        lookupProperty(partials, 'card'),
        depth0 != null ? lookupProperty(depth0, 'product') : depth0,
        {
          name: 'card',
          data: data,
          helpers: helpers,
          partials: partials,
          decorators: container.decorators,
        },
      )) != null
        ? stack1
        : '';
    },
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

      return (
        ((stack1 = lookupProperty(helpers, 'if').call(
          depth0 != null ? depth0 : container.nullContext || {},
          depth0 != null ? lookupProperty(depth0, 'product') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(0, data, 0),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') + '\n'
      );
    },
    usePartial: true,
    useData: true,
  },
  swiper: {
    '0': function (container, depth0, helpers, partials, data) {
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
        '  <ul class="digi-recommendations__skeleton" aria-busy="true" aria-label="' +
        container.escapeExpression(
          container.lambda(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
              ? lookupProperty(stack1, 'loading')
              : stack1,
            depth0,
          ),
        ) +
        '">' +
        ((stack1 = lookupProperty(helpers, 'each').call(
          depth0 != null ? depth0 : container.nullContext || {},
          depth0 != null ? lookupProperty(depth0, 'skeleton') : depth0,
          {
            name: 'each',
            hash: {},
            fn: container.program(1, data, 0),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '</ul>\n'
      );
    },
    '1': function (container, depth0, helpers, partials, data) {
      return '<li class="digi-skeleton"></li>';
    },
    '2': function (container, depth0, helpers, partials, data) {
      var stack1,
        alias1 = depth0 != null ? depth0 : container.nullContext || {},
        alias2 = container.lambda,
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
        '  <div class="swiper digi-recommendations__swiper">\n    <ul class="swiper-wrapper digi-recommendations__track">\n' +
        ((stack1 = lookupProperty(helpers, 'each').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'items') : depth0,
          {
            name: 'each',
            hash: {},
            fn: container.program(3, data, 0),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '    </ul>\n  </div>\n  <button type="button" class="digi-recommendations__prev" aria-label="' +
        alias3(
          alias2(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
              ? lookupProperty(stack1, 'prev')
              : stack1,
            depth0,
          ),
        ) +
        '">‹</button>\n  <button type="button" class="digi-recommendations__next" aria-label="' +
        alias3(
          alias2(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
              ? lookupProperty(stack1, 'next')
              : stack1,
            depth0,
          ),
        ) +
        '">›</button>\n  ' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'pagination') : depth0,
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
        '\n'
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
        '        <li class="swiper-slide digi-recommendations__slide" data-digi-part="productItem" data-digi-key="' +
        container.escapeExpression(
          ((helper =
            (helper =
              lookupProperty(helpers, 'id') ||
              (depth0 != null ? lookupProperty(depth0, 'id') : depth0)) != null
              ? helper
              : container.hooks.helperMissing),
          typeof helper === 'function'
            ? helper.call(depth0 != null ? depth0 : container.nullContext || {}, {
                name: 'id',
                hash: {},
                data: data,
              })
            : helper),
        ) +
        '"></li>\n'
      );
    },
    '4': function (container, depth0, helpers, partials, data) {
      return '<div class="digi-recommendations__pagination"></div>';
    },
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

      return (stack1 = lookupProperty(helpers, 'if').call(
        depth0 != null ? depth0 : container.nullContext || {},
        depth0 != null ? lookupProperty(depth0, 'loading') : depth0,
        {
          name: 'if',
          hash: {},
          fn: container.program(0, data, 0),
          inverse: container.program(2, data, 0),
          data: data,
        },
      )) != null
        ? stack1
        : '';
    },
    useData: true,
  },
};
