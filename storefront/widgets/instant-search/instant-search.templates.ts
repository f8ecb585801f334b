// Generated from widgets/instant-search/templates/*.hbs by storefront/build/precompile-templates.ts. Do not edit.
/* eslint-disable */
// @ts-nocheck
import type { TemplateSpec } from '../../runtime/templates.ts';

export const instantSearchTemplates: Readonly<Record<string, TemplateSpec>> = {
  common: {
    '0': function (container, depth0, helpers, partials, data) {
      return ' digi-instant-search__layout--mobile';
    },
    '1': function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
        alias1 = container.escapeExpression,
        alias2 = container.lambda,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '    <div class="digi-instant-search__search" role="search">\n      <input class="digi-instant-search__input" type="search" value="' +
        alias1(
          ((helper =
            (helper =
              lookupProperty(helpers, 'initialQuery') ||
              (depth0 != null ? lookupProperty(depth0, 'initialQuery') : depth0)) != null
              ? helper
              : container.hooks.helperMissing),
          typeof helper === 'function'
            ? helper.call(depth0 != null ? depth0 : container.nullContext || {}, {
                name: 'initialQuery',
                hash: {},
                data: data,
              })
            : helper),
        ) +
        '" placeholder="' +
        alias1(
          alias2(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
              ? lookupProperty(stack1, 'searchPlaceholder')
              : stack1,
            depth0,
          ),
        ) +
        '" aria-label="' +
        alias1(
          alias2(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
              ? lookupProperty(stack1, 'search')
              : stack1,
            depth0,
          ),
        ) +
        '" data-digi-action="is-query">\n    </div>\n'
      );
    },
    compiler: [8, '>= 4.3.0'],
    main: function (container, depth0, helpers, partials, data) {
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
        '<div class="digi-instant-search__layout' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'mobile') : depth0,
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
        '">\n' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'ownInput') : depth0,
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
        '  <div class="digi-instant-search__header" data-digi-part="highlight" aria-live="polite"></div>\n  <div class="digi-instant-search__toolbar">\n    <div class="digi-instant-search__selected" data-digi-part="filters"></div>\n    <div class="digi-instant-search__sort" data-digi-part="sort"></div>\n  </div>\n  <div class="digi-instant-search__main">\n    <aside class="digi-instant-search__facets" data-digi-part="facets" aria-label="' +
        alias3(
          alias2(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
              ? lookupProperty(stack1, 'filters')
              : stack1,
            depth0,
          ),
        ) +
        '"></aside>\n    <div class="digi-instant-search__results">\n      <div class="digi-instant-search__list" data-digi-part="productList"></div>\n      <nav class="digi-instant-search__pagination" data-digi-part="pagination" aria-label="' +
        alias3(
          alias2(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
              ? lookupProperty(stack1, 'page')
              : stack1,
            depth0,
          ),
        ) +
        '"></nav>\n    </div>\n  </div>\n</div>\n'
      );
    },
    useData: true,
  },
  facetBoolean: {
    '0': function (container, depth0, helpers, partials, data) {
      var stack1,
        alias1 = container.lambda,
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
        '  <div class="digi-facet__group digi-facet__group--boolean">\n    <label class="digi-facet__label digi-facet__switch">\n      <input class="digi-facet__checkbox" type="checkbox" role="switch" data-digi-action="is-boolean" data-digi-facet="' +
        alias2(
          alias1(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'facet') : depth0) != null
              ? lookupProperty(stack1, 'name')
              : stack1,
            depth0,
          ),
        ) +
        '"' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          depth0 != null ? depth0 : container.nullContext || {},
          (stack1 = depth0 != null ? lookupProperty(depth0, 'facet') : depth0) != null
            ? lookupProperty(stack1, 'selected')
            : stack1,
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
        '>\n      <span class="digi-facet__text">' +
        alias2(
          alias1(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'facet') : depth0) != null
              ? lookupProperty(stack1, 'title')
              : stack1,
            depth0,
          ),
        ) +
        '</span>\n      <span class="digi-facet__count">' +
        alias2(
          alias1(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'facet') : depth0) != null
              ? lookupProperty(stack1, 'trueCount')
              : stack1,
            depth0,
          ),
        ) +
        '</span>\n    </label>\n  </div>\n'
      );
    },
    '1': function (container, depth0, helpers, partials, data) {
      return ' checked';
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
        depth0 != null ? lookupProperty(depth0, 'facet') : depth0,
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
    useData: true,
  },
  facetCategory: {
    '0': function (container, depth0, helpers, partials, data, blockParams, depths) {
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
        '  <fieldset class="digi-facet__group digi-facet__group--category">\n    <legend class="digi-facet__title">' +
        container.escapeExpression(
          container.lambda(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'facet') : depth0) != null
              ? lookupProperty(stack1, 'title')
              : stack1,
            depth0,
          ),
        ) +
        '</legend>\n    <ul class="digi-facet__values">\n' +
        ((stack1 = lookupProperty(helpers, 'each').call(
          depth0 != null ? depth0 : container.nullContext || {},
          (stack1 = depth0 != null ? lookupProperty(depth0, 'facet') : depth0) != null
            ? lookupProperty(stack1, 'tree')
            : stack1,
          {
            name: 'each',
            hash: {},
            fn: container.program(1, data, 0, blockParams, depths),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '    </ul>\n  </fieldset>\n'
      );
    },
    '1': function (container, depth0, helpers, partials, data, blockParams, depths) {
      var stack1,
        helper,
        alias1 = depth0 != null ? depth0 : container.nullContext || {},
        alias2 = container.escapeExpression,
        alias3 = container.hooks.helperMissing,
        alias4 = 'function',
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '        <li class="digi-facet__value' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'selected') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(2, data, 0, blockParams, depths),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '">\n          <label class="digi-facet__label">\n            <input class="digi-facet__checkbox" type="checkbox" data-digi-action="is-toggle" data-digi-facet="' +
        alias2(
          container.lambda(
            (stack1 = depths[1] != null ? lookupProperty(depths[1], 'facet') : depths[1]) != null
              ? lookupProperty(stack1, 'name')
              : stack1,
            depth0,
          ),
        ) +
        '" data-digi-value="' +
        alias2(
          ((helper =
            (helper =
              lookupProperty(helpers, 'id') ||
              (depth0 != null ? lookupProperty(depth0, 'id') : depth0)) != null
              ? helper
              : alias3),
          typeof helper === alias4
            ? helper.call(alias1, { name: 'id', hash: {}, data: data })
            : helper),
        ) +
        '"' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'selected') : depth0,
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
        '>\n            <span class="digi-facet__text">' +
        alias2(
          ((helper =
            (helper =
              lookupProperty(helpers, 'name') ||
              (depth0 != null ? lookupProperty(depth0, 'name') : depth0)) != null
              ? helper
              : alias3),
          typeof helper === alias4
            ? helper.call(alias1, { name: 'name', hash: {}, data: data })
            : helper),
        ) +
        '</span>\n            <span class="digi-facet__count">' +
        alias2(
          ((helper =
            (helper =
              lookupProperty(helpers, 'count') ||
              (depth0 != null ? lookupProperty(depth0, 'count') : depth0)) != null
              ? helper
              : alias3),
          typeof helper === alias4
            ? helper.call(alias1, { name: 'count', hash: {}, data: data })
            : helper),
        ) +
        '</span>\n          </label>\n        </li>\n'
      );
    },
    '2': function (container, depth0, helpers, partials, data) {
      return ' digi-facet__value--selected';
    },
    '3': function (container, depth0, helpers, partials, data) {
      return ' checked';
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
        depth0 != null ? lookupProperty(depth0, 'facet') : depth0,
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
  facetCommon: {
    '0': function (container, depth0, helpers, partials, data, blockParams, depths) {
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
        '  <fieldset class="digi-facet__group">\n    <legend class="digi-facet__title">' +
        container.escapeExpression(
          container.lambda(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'facet') : depth0) != null
              ? lookupProperty(stack1, 'title')
              : stack1,
            depth0,
          ),
        ) +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          (stack1 = depth0 != null ? lookupProperty(depth0, 'facet') : depth0) != null
            ? lookupProperty(stack1, 'unit')
            : stack1,
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
        '</legend>\n    <ul class="digi-facet__values">\n' +
        ((stack1 = lookupProperty(helpers, 'each').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'values') : depth0,
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
        '    </ul>\n    ' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'selectedAny') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(7, data, 0, blockParams, depths),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '\n  </fieldset>\n'
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
        ', ' +
        container.escapeExpression(
          container.lambda(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'facet') : depth0) != null
              ? lookupProperty(stack1, 'unit')
              : stack1,
            depth0,
          ),
        )
      );
    },
    '2': function (container, depth0, helpers, partials, data, blockParams, depths) {
      var stack1,
        helper,
        alias1 = depth0 != null ? depth0 : container.nullContext || {},
        alias2 = container.escapeExpression,
        alias3 = container.hooks.helperMissing,
        alias4 = 'function',
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '        <li class="digi-facet__value' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'selected') : depth0,
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
        '">\n          <label class="digi-facet__label">\n            <input class="digi-facet__checkbox" type="checkbox" data-digi-action="is-toggle" data-digi-facet="' +
        alias2(
          container.lambda(
            (stack1 = depths[1] != null ? lookupProperty(depths[1], 'facet') : depths[1]) != null
              ? lookupProperty(stack1, 'name')
              : stack1,
            depth0,
          ),
        ) +
        '" data-digi-value="' +
        alias2(
          ((helper =
            (helper =
              lookupProperty(helpers, 'value') ||
              (depth0 != null ? lookupProperty(depth0, 'value') : depth0)) != null
              ? helper
              : alias3),
          typeof helper === alias4
            ? helper.call(alias1, { name: 'value', hash: {}, data: data })
            : helper),
        ) +
        '"' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'selected') : depth0,
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
        ((stack1 = lookupProperty(helpers, 'unless').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'count') : depth0,
          {
            name: 'unless',
            hash: {},
            fn: container.program(5, data, 0, blockParams, depths),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '>\n            <span class="digi-facet__text">' +
        alias2(
          ((helper =
            (helper =
              lookupProperty(helpers, 'label') ||
              (depth0 != null ? lookupProperty(depth0, 'label') : depth0)) != null
              ? helper
              : alias3),
          typeof helper === alias4
            ? helper.call(alias1, { name: 'label', hash: {}, data: data })
            : helper),
        ) +
        '</span>\n            <span class="digi-facet__count">' +
        alias2(
          ((helper =
            (helper =
              lookupProperty(helpers, 'count') ||
              (depth0 != null ? lookupProperty(depth0, 'count') : depth0)) != null
              ? helper
              : alias3),
          typeof helper === alias4
            ? helper.call(alias1, { name: 'count', hash: {}, data: data })
            : helper),
        ) +
        '</span>\n          </label>\n        </li>\n'
      );
    },
    '3': function (container, depth0, helpers, partials, data) {
      return ' digi-facet__value--selected';
    },
    '4': function (container, depth0, helpers, partials, data) {
      return ' checked';
    },
    '5': function (container, depth0, helpers, partials, data) {
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
        depth0 != null ? lookupProperty(depth0, 'selected') : depth0,
        {
          name: 'unless',
          hash: {},
          fn: container.program(6, data, 0),
          inverse: container.noop,
          data: data,
        },
      )) != null
        ? stack1
        : '';
    },
    '6': function (container, depth0, helpers, partials, data) {
      return ' disabled';
    },
    '7': function (container, depth0, helpers, partials, data) {
      var stack1,
        alias1 = container.lambda,
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
        '<button type="button" class="digi-facet__reset" data-digi-action="is-clear-facet" data-digi-facet="' +
        alias2(
          alias1(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'facet') : depth0) != null
              ? lookupProperty(stack1, 'name')
              : stack1,
            depth0,
          ),
        ) +
        '">' +
        alias2(
          alias1(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
              ? lookupProperty(stack1, 'reset')
              : stack1,
            depth0,
          ),
        ) +
        '</button>'
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
        depth0 != null ? lookupProperty(depth0, 'facet') : depth0,
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
  facetSlider: {
    '0': function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
        alias1 = container.lambda,
        alias2 = container.escapeExpression,
        alias3 = depth0 != null ? depth0 : container.nullContext || {},
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
        '  <fieldset class="digi-facet__group digi-facet__group--slider">\n    <legend class="digi-facet__title">' +
        alias2(
          alias1(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'facet') : depth0) != null
              ? lookupProperty(stack1, 'title')
              : stack1,
            depth0,
          ),
        ) +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias3,
          (stack1 = depth0 != null ? lookupProperty(depth0, 'facet') : depth0) != null
            ? lookupProperty(stack1, 'unit')
            : stack1,
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
        '</legend>\n    <div class="digi-facet__range">\n      <label class="digi-facet__bound">\n        <span class="digi-facet__bound-label">' +
        alias2(
          alias1(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
              ? lookupProperty(stack1, 'from')
              : stack1,
            depth0,
          ),
        ) +
        '</span>\n        <input class="digi-facet__number" type="number" inputmode="numeric" min="' +
        alias2(
          alias1(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'facet') : depth0) != null
              ? lookupProperty(stack1, 'min')
              : stack1,
            depth0,
          ),
        ) +
        '" max="' +
        alias2(
          alias1(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'facet') : depth0) != null
              ? lookupProperty(stack1, 'max')
              : stack1,
            depth0,
          ),
        ) +
        '" placeholder="' +
        alias2(
          alias1(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'facet') : depth0) != null
              ? lookupProperty(stack1, 'min')
              : stack1,
            depth0,
          ),
        ) +
        '" value="' +
        alias2(
          ((helper =
            (helper =
              lookupProperty(helpers, 'low') ||
              (depth0 != null ? lookupProperty(depth0, 'low') : depth0)) != null
              ? helper
              : alias4),
          typeof helper === alias5
            ? helper.call(alias3, { name: 'low', hash: {}, data: data })
            : helper),
        ) +
        '" data-digi-action="is-range" data-digi-facet="' +
        alias2(
          alias1(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'facet') : depth0) != null
              ? lookupProperty(stack1, 'name')
              : stack1,
            depth0,
          ),
        ) +
        '" data-digi-bound="min">\n      </label>\n      <label class="digi-facet__bound">\n        <span class="digi-facet__bound-label">' +
        alias2(
          alias1(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
              ? lookupProperty(stack1, 'to')
              : stack1,
            depth0,
          ),
        ) +
        '</span>\n        <input class="digi-facet__number" type="number" inputmode="numeric" min="' +
        alias2(
          alias1(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'facet') : depth0) != null
              ? lookupProperty(stack1, 'min')
              : stack1,
            depth0,
          ),
        ) +
        '" max="' +
        alias2(
          alias1(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'facet') : depth0) != null
              ? lookupProperty(stack1, 'max')
              : stack1,
            depth0,
          ),
        ) +
        '" placeholder="' +
        alias2(
          alias1(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'facet') : depth0) != null
              ? lookupProperty(stack1, 'max')
              : stack1,
            depth0,
          ),
        ) +
        '" value="' +
        alias2(
          ((helper =
            (helper =
              lookupProperty(helpers, 'high') ||
              (depth0 != null ? lookupProperty(depth0, 'high') : depth0)) != null
              ? helper
              : alias4),
          typeof helper === alias5
            ? helper.call(alias3, { name: 'high', hash: {}, data: data })
            : helper),
        ) +
        '" data-digi-action="is-range" data-digi-facet="' +
        alias2(
          alias1(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'facet') : depth0) != null
              ? lookupProperty(stack1, 'name')
              : stack1,
            depth0,
          ),
        ) +
        '" data-digi-bound="max">\n      </label>\n    </div>\n    <div class="digi-facet__slider">\n      <input class="digi-facet__thumb digi-facet__thumb--min" type="range" min="' +
        alias2(
          alias1(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'facet') : depth0) != null
              ? lookupProperty(stack1, 'min')
              : stack1,
            depth0,
          ),
        ) +
        '" max="' +
        alias2(
          alias1(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'facet') : depth0) != null
              ? lookupProperty(stack1, 'max')
              : stack1,
            depth0,
          ),
        ) +
        '" value="' +
        alias2(
          ((helper =
            (helper =
              lookupProperty(helpers, 'lowOrMin') ||
              (depth0 != null ? lookupProperty(depth0, 'lowOrMin') : depth0)) != null
              ? helper
              : alias4),
          typeof helper === alias5
            ? helper.call(alias3, { name: 'lowOrMin', hash: {}, data: data })
            : helper),
        ) +
        '" aria-label="' +
        alias2(
          alias1(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'facet') : depth0) != null
              ? lookupProperty(stack1, 'title')
              : stack1,
            depth0,
          ),
        ) +
        ': ' +
        alias2(
          alias1(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
              ? lookupProperty(stack1, 'from')
              : stack1,
            depth0,
          ),
        ) +
        '" data-digi-action="is-range" data-digi-facet="' +
        alias2(
          alias1(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'facet') : depth0) != null
              ? lookupProperty(stack1, 'name')
              : stack1,
            depth0,
          ),
        ) +
        '" data-digi-bound="min">\n      <input class="digi-facet__thumb digi-facet__thumb--max" type="range" min="' +
        alias2(
          alias1(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'facet') : depth0) != null
              ? lookupProperty(stack1, 'min')
              : stack1,
            depth0,
          ),
        ) +
        '" max="' +
        alias2(
          alias1(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'facet') : depth0) != null
              ? lookupProperty(stack1, 'max')
              : stack1,
            depth0,
          ),
        ) +
        '" value="' +
        alias2(
          ((helper =
            (helper =
              lookupProperty(helpers, 'highOrMax') ||
              (depth0 != null ? lookupProperty(depth0, 'highOrMax') : depth0)) != null
              ? helper
              : alias4),
          typeof helper === alias5
            ? helper.call(alias3, { name: 'highOrMax', hash: {}, data: data })
            : helper),
        ) +
        '" aria-label="' +
        alias2(
          alias1(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'facet') : depth0) != null
              ? lookupProperty(stack1, 'title')
              : stack1,
            depth0,
          ),
        ) +
        ': ' +
        alias2(
          alias1(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
              ? lookupProperty(stack1, 'to')
              : stack1,
            depth0,
          ),
        ) +
        '" data-digi-action="is-range" data-digi-facet="' +
        alias2(
          alias1(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'facet') : depth0) != null
              ? lookupProperty(stack1, 'name')
              : stack1,
            depth0,
          ),
        ) +
        '" data-digi-bound="max">\n    </div>\n  </fieldset>\n'
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
        ', ' +
        container.escapeExpression(
          container.lambda(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'facet') : depth0) != null
              ? lookupProperty(stack1, 'unit')
              : stack1,
            depth0,
          ),
        )
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
        depth0 != null ? lookupProperty(depth0, 'facet') : depth0,
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
    useData: true,
  },
  facetTreeList: {
    '0': function (container, depth0, helpers, partials, data, blockParams, depths) {
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
        '  <li class="digi-facet__node' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'selected') : depth0,
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
        '">\n    <label class="digi-facet__label">\n      <input class="digi-facet__checkbox" type="checkbox" data-digi-action="is-toggle" data-digi-facet="' +
        alias4(
          ((helper =
            (helper =
              lookupProperty(helpers, 'facetName') ||
              (depth0 != null ? lookupProperty(depth0, 'facetName') : depth0)) != null
              ? helper
              : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'facetName', hash: {}, data: data })
            : helper),
        ) +
        '" data-digi-value="' +
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
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'selected') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(2, data, 0, blockParams, depths),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '>\n      <span class="digi-facet__text">' +
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
        '</span>\n      <span class="digi-facet__count">' +
        alias4(
          ((helper =
            (helper =
              lookupProperty(helpers, 'count') ||
              (depth0 != null ? lookupProperty(depth0, 'count') : depth0)) != null
              ? helper
              : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'count', hash: {}, data: data })
            : helper),
        ) +
        '</span>\n    </label>\n' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          (stack1 = depth0 != null ? lookupProperty(depth0, 'children') : depth0) != null
            ? lookupProperty(stack1, 'length')
            : stack1,
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
        '  </li>\n'
      );
    },
    '1': function (container, depth0, helpers, partials, data) {
      return ' digi-facet__node--selected';
    },
    '2': function (container, depth0, helpers, partials, data) {
      return ' checked';
    },
    '3': function (container, depth0, helpers, partials, data, blockParams, depths) {
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
        '      <ul class="digi-facet__tree">\n        ' +
        ((stack1 = lookupProperty(helpers, 'each').call(
          depth0 != null ? depth0 : container.nullContext || {},
          depth0 != null ? lookupProperty(depth0, 'children') : depth0,
          {
            name: 'each',
            hash: {},
            fn: container.program(4, data, 0, blockParams, depths),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '\n      </ul>\n'
      );
    },
    '4': function (container, depth0, helpers, partials, data, blockParams, depths) {
      var stack1,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (stack1 = container.invokePartial(lookupProperty(partials, 'node'), depth0, {
        name: 'node',
        hash: { facetName: depths[1] != null ? lookupProperty(depths[1], 'facetName') : depths[1] },
        data: data,
        helpers: helpers,
        partials: partials,
        decorators: container.decorators,
      })) != null
        ? stack1
        : '';
    },
    '5': function (container, depth0, helpers, partials, data, blockParams, depths) {
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
        '  <fieldset class="digi-facet__group digi-facet__group--tree">\n    <legend class="digi-facet__title">' +
        container.escapeExpression(
          container.lambda(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'facet') : depth0) != null
              ? lookupProperty(stack1, 'title')
              : stack1,
            depth0,
          ),
        ) +
        '</legend>\n    <ul class="digi-facet__tree digi-facet__tree--root">\n      ' +
        ((stack1 = lookupProperty(helpers, 'each').call(
          depth0 != null ? depth0 : container.nullContext || {},
          (stack1 = depth0 != null ? lookupProperty(depth0, 'facet') : depth0) != null
            ? lookupProperty(stack1, 'tree')
            : stack1,
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
        '\n    </ul>\n  </fieldset>\n'
      );
    },
    '6': function (container, depth0, helpers, partials, data, blockParams, depths) {
      var stack1,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (stack1 = container.invokePartial(lookupProperty(partials, 'node'), depth0, {
        name: 'node',
        hash: {
          facetName:
            (stack1 = depths[1] != null ? lookupProperty(depths[1], 'facet') : depths[1]) != null
              ? lookupProperty(stack1, 'name')
              : stack1,
        },
        data: data,
        helpers: helpers,
        partials: partials,
        decorators: container.decorators,
      })) != null
        ? stack1
        : '';
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
        depth0 != null ? lookupProperty(depth0, 'facet') : depth0,
        {
          name: 'if',
          hash: {},
          fn: container.program(5, data, 0, blockParams, depths),
          inverse: container.noop,
          data: data,
        },
      )) != null
        ? stack1
        : '';
    },
    main_d: function (fn, props, container, depth0, data, blockParams, depths) {
      var decorators = container.decorators,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      var decorator = lookupProperty(decorators, 'inline');
      if (typeof decorator !== 'function') {
        throw new Error('Missing decorator: "inline"');
      }
      fn =
        decorator(fn, props, container, {
          name: 'inline',
          hash: {},
          fn: container.program(0, data, 0, blockParams, depths),
          inverse: container.noop,
          args: ['node'],
          data: data,
        }) || fn;
      return fn;
    },

    useDecorators: true,
    usePartial: true,
    useData: true,
    useDepths: true,
  },
  facets: {
    '0': function (container, depth0, helpers, partials, data) {
      var helper,
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
        '  <div class="digi-facet digi-facet--' +
        alias4(
          ((helper =
            (helper =
              lookupProperty(helpers, 'type') ||
              (depth0 != null ? lookupProperty(depth0, 'type') : depth0)) != null
              ? helper
              : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'type', hash: {}, data: data })
            : helper),
        ) +
        '" data-digi-part="' +
        alias4(
          ((helper =
            (helper =
              lookupProperty(helpers, 'part') ||
              (depth0 != null ? lookupProperty(depth0, 'part') : depth0)) != null
              ? helper
              : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'part', hash: {}, data: data })
            : helper),
        ) +
        '" data-digi-key="' +
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
        '"></div>\n'
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

      return (stack1 = lookupProperty(helpers, 'each').call(
        depth0 != null ? depth0 : container.nullContext || {},
        depth0 != null ? lookupProperty(depth0, 'facets') : depth0,
        {
          name: 'each',
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
  filters: {
    '0': function (container, depth0, helpers, partials, data, blockParams, depths) {
      var stack1,
        alias1 = container.lambda,
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
        '  <ul class="digi-filters" aria-label="' +
        alias2(
          alias1(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
              ? lookupProperty(stack1, 'selectedFilters')
              : stack1,
            depth0,
          ),
        ) +
        '">\n' +
        ((stack1 = lookupProperty(helpers, 'each').call(
          depth0 != null ? depth0 : container.nullContext || {},
          depth0 != null ? lookupProperty(depth0, 'chips') : depth0,
          {
            name: 'each',
            hash: {},
            fn: container.program(1, data, 0, blockParams, depths),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '    <li class="digi-filters__chip digi-filters__chip--reset">\n      <button type="button" class="digi-filters__reset" data-digi-action="is-clear-all">' +
        alias2(
          alias1(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
              ? lookupProperty(stack1, 'resetAll')
              : stack1,
            depth0,
          ),
        ) +
        '</button>\n    </li>\n  </ul>\n'
      );
    },
    '1': function (container, depth0, helpers, partials, data, blockParams, depths) {
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
        '      <li class="digi-filters__chip">\n        <span class="digi-filters__title">' +
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
        ':</span> <span class="digi-filters__value">' +
        alias4(
          ((helper =
            (helper =
              lookupProperty(helpers, 'label') ||
              (depth0 != null ? lookupProperty(depth0, 'label') : depth0)) != null
              ? helper
              : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'label', hash: {}, data: data })
            : helper),
        ) +
        '</span>\n        <button type="button" class="digi-filters__remove" aria-label="' +
        alias4(
          container.lambda(
            (stack1 = depths[1] != null ? lookupProperty(depths[1], 'texts') : depths[1]) != null
              ? lookupProperty(stack1, 'remove')
              : stack1,
            depth0,
          ),
        ) +
        ': ' +
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
        ' ' +
        alias4(
          ((helper =
            (helper =
              lookupProperty(helpers, 'label') ||
              (depth0 != null ? lookupProperty(depth0, 'label') : depth0)) != null
              ? helper
              : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'label', hash: {}, data: data })
            : helper),
        ) +
        '" data-digi-action="is-remove" data-digi-facet="' +
        alias4(
          ((helper =
            (helper =
              lookupProperty(helpers, 'facet') ||
              (depth0 != null ? lookupProperty(depth0, 'facet') : depth0)) != null
              ? helper
              : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'facet', hash: {}, data: data })
            : helper),
        ) +
        '" data-digi-value="' +
        alias4(
          ((helper =
            (helper =
              lookupProperty(helpers, 'value') ||
              (depth0 != null ? lookupProperty(depth0, 'value') : depth0)) != null
              ? helper
              : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'value', hash: {}, data: data })
            : helper),
        ) +
        '">×</button>\n      </li>\n'
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
        (stack1 = depth0 != null ? lookupProperty(depth0, 'chips') : depth0) != null
          ? lookupProperty(stack1, 'length')
          : stack1,
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
  highlight: {
    '0': function (container, depth0, helpers, partials, data) {
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
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'correction') : depth0,
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
        '  <p class="digi-instant-search__total">\n' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'total') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(2, data, 0),
            inverse: container.program(4, data, 0),
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '  </p>\n' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'categoryPrediction') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(6, data, 0),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '')
      );
    },
    '1': function (container, depth0, helpers, partials, data) {
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
        '    <p class="digi-instant-search__correction">' +
        alias1(
          container.lambda(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
              ? lookupProperty(stack1, 'correction')
              : stack1,
            depth0,
          ),
        ) +
        ' «<mark class="digi-highlight">' +
        alias1(
          ((helper =
            (helper =
              lookupProperty(helpers, 'correction') ||
              (depth0 != null ? lookupProperty(depth0, 'correction') : depth0)) != null
              ? helper
              : container.hooks.helperMissing),
          typeof helper === 'function'
            ? helper.call(depth0 != null ? depth0 : container.nullContext || {}, {
                name: 'correction',
                hash: {},
                data: data,
              })
            : helper),
        ) +
        '</mark>»</p>\n'
      );
    },
    '2': function (container, depth0, helpers, partials, data) {
      var stack1,
        helper,
        alias1 = container.escapeExpression,
        alias2 = depth0 != null ? depth0 : container.nullContext || {},
        alias3 = container.hooks.helperMissing,
        lookupProperty =
          container.lookupProperty ||
          function (parent, propertyName) {
            if (Object.prototype.hasOwnProperty.call(parent, propertyName)) {
              return parent[propertyName];
            }
            return undefined;
          };

      return (
        '      ' +
        alias1(
          container.lambda(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
              ? lookupProperty(stack1, 'found')
              : stack1,
            depth0,
          ),
        ) +
        ' ' +
        alias1(
          ((helper =
            (helper =
              lookupProperty(helpers, 'total') ||
              (depth0 != null ? lookupProperty(depth0, 'total') : depth0)) != null
              ? helper
              : alias3),
          typeof helper === 'function'
            ? helper.call(alias2, { name: 'total', hash: {}, data: data })
            : helper),
        ) +
        ' ' +
        alias1(
          (
            lookupProperty(helpers, 'plural') ||
            (depth0 && lookupProperty(depth0, 'plural')) ||
            alias3
          ).call(
            alias2,
            depth0 != null ? lookupProperty(depth0, 'total') : depth0,
            'товар',
            'товара',
            'товаров',
            { name: 'plural', hash: {}, data: data },
          ),
        ) +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias2,
          depth0 != null ? lookupProperty(depth0, 'query') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(3, data, 0),
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
        ' ' +
        alias1(
          container.lambda(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
              ? lookupProperty(stack1, 'byQuery')
              : stack1,
            depth0,
          ),
        ) +
        ' «<mark class="digi-highlight">' +
        alias1(
          ((helper =
            (helper =
              lookupProperty(helpers, 'query') ||
              (depth0 != null ? lookupProperty(depth0, 'query') : depth0)) != null
              ? helper
              : container.hooks.helperMissing),
          typeof helper === 'function'
            ? helper.call(depth0 != null ? depth0 : container.nullContext || {}, {
                name: 'query',
                hash: {},
                data: data,
              })
            : helper),
        ) +
        '</mark>»'
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
        '      ' +
        container.escapeExpression(
          container.lambda(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
              ? lookupProperty(stack1, 'nothingFound')
              : stack1,
            depth0,
          ),
        ) +
        ((stack1 = lookupProperty(helpers, 'if').call(
          depth0 != null ? depth0 : container.nullContext || {},
          depth0 != null ? lookupProperty(depth0, 'query') : depth0,
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
        '\n'
      );
    },
    '5': function (container, depth0, helpers, partials, data) {
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
        ' ' +
        alias1(
          container.lambda(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
              ? lookupProperty(stack1, 'byQuery')
              : stack1,
            depth0,
          ),
        ) +
        ' «' +
        alias1(
          ((helper =
            (helper =
              lookupProperty(helpers, 'query') ||
              (depth0 != null ? lookupProperty(depth0, 'query') : depth0)) != null
              ? helper
              : container.hooks.helperMissing),
          typeof helper === 'function'
            ? helper.call(depth0 != null ? depth0 : container.nullContext || {}, {
                name: 'query',
                hash: {},
                data: data,
              })
            : helper),
        ) +
        '»'
      );
    },
    '6': function (container, depth0, helpers, partials, data) {
      var stack1,
        alias1 = container.lambda,
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
        '    <p class="digi-instant-search__prediction">' +
        alias2(
          alias1(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
              ? lookupProperty(stack1, 'category')
              : stack1,
            depth0,
          ),
        ) +
        ': <button type="button" class="digi-instant-search__prediction-button" data-digi-action="is-category" data-digi-value="' +
        alias2(
          alias1(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'categoryPrediction') : depth0) !=
              null
              ? lookupProperty(stack1, 'id')
              : stack1,
            depth0,
          ),
        ) +
        '">' +
        alias2(
          alias1(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'categoryPrediction') : depth0) !=
              null
              ? lookupProperty(stack1, 'name')
              : stack1,
            depth0,
          ),
        ) +
        '</button></p>\n'
      );
    },
    '7': function (container, depth0, helpers, partials, data) {
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
        '  ' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          depth0 != null ? depth0 : container.nullContext || {},
          depth0 != null ? lookupProperty(depth0, 'loading') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(8, data, 0),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '\n'
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
        '<p class="digi-instant-search__total">' +
        container.escapeExpression(
          container.lambda(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
              ? lookupProperty(stack1, 'loading')
              : stack1,
            depth0,
          ),
        ) +
        '</p>'
      );
    },
    '9': function (container, depth0, helpers, partials, data) {
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
        '<p class="digi-instant-search__error" role="alert">' +
        container.escapeExpression(
          container.lambda(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
              ? lookupProperty(stack1, 'failed')
              : stack1,
            depth0,
          ),
        ) +
        '</p>'
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
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'result') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(0, data, 0),
            inverse: container.program(7, data, 0),
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'failed') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(9, data, 0),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '\n'
      );
    },
    useData: true,
  },
  pagination: {
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

      return (stack1 = lookupProperty(helpers, 'if').call(
        depth0 != null ? depth0 : container.nullContext || {},
        depth0 != null ? lookupProperty(depth0, 'hasMore') : depth0,
        {
          name: 'if',
          hash: {},
          fn: container.program(1, data, 0),
          inverse: container.noop,
          data: data,
        },
      )) != null
        ? stack1
        : '';
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
        '    <div class="digi-pagination digi-pagination--infinite">\n      <span class="digi-pagination__sentinel" data-digi-sentinel aria-hidden="true"></span>\n      <button type="button" class="digi-pagination__more" data-digi-action="is-more"' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          depth0 != null ? depth0 : container.nullContext || {},
          depth0 != null ? lookupProperty(depth0, 'loading') : depth0,
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
        '>' +
        container.escapeExpression(
          container.lambda(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
              ? lookupProperty(stack1, 'showMore')
              : stack1,
            depth0,
          ),
        ) +
        '</button>\n    </div>\n'
      );
    },
    '2': function (container, depth0, helpers, partials, data) {
      return ' disabled aria-busy="true"';
    },
    '3': function (container, depth0, helpers, partials, data, blockParams, depths) {
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
        (stack1 = depth0 != null ? lookupProperty(depth0, 'pages') : depth0) != null
          ? lookupProperty(stack1, 'length')
          : stack1,
        {
          name: 'if',
          hash: {},
          fn: container.program(4, data, 0, blockParams, depths),
          inverse: container.noop,
          data: data,
        },
      )) != null
        ? stack1
        : '';
    },
    '4': function (container, depth0, helpers, partials, data, blockParams, depths) {
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
        '    <ul class="digi-pagination">\n      <li><button type="button" class="digi-pagination__prev" data-digi-action="is-page" data-digi-page="' +
        alias4(
          ((helper =
            (helper =
              lookupProperty(helpers, 'prev') ||
              (depth0 != null ? lookupProperty(depth0, 'prev') : depth0)) != null
              ? helper
              : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'prev', hash: {}, data: data })
            : helper),
        ) +
        '" aria-label="' +
        alias4(
          alias5(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
              ? lookupProperty(stack1, 'prev')
              : stack1,
            depth0,
          ),
        ) +
        '"' +
        ((stack1 = lookupProperty(helpers, 'unless').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'prev') : depth0,
          {
            name: 'unless',
            hash: {},
            fn: container.program(5, data, 0, blockParams, depths),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '>‹</button></li>\n' +
        ((stack1 = lookupProperty(helpers, 'each').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'pages') : depth0,
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
        '      <li><button type="button" class="digi-pagination__next" data-digi-action="is-page" data-digi-page="' +
        alias4(
          ((helper =
            (helper =
              lookupProperty(helpers, 'next') ||
              (depth0 != null ? lookupProperty(depth0, 'next') : depth0)) != null
              ? helper
              : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'next', hash: {}, data: data })
            : helper),
        ) +
        '" aria-label="' +
        alias4(
          alias5(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
              ? lookupProperty(stack1, 'next')
              : stack1,
            depth0,
          ),
        ) +
        '"' +
        ((stack1 = lookupProperty(helpers, 'unless').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'next') : depth0,
          {
            name: 'unless',
            hash: {},
            fn: container.program(5, data, 0, blockParams, depths),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '>›</button></li>\n    </ul>\n'
      );
    },
    '5': function (container, depth0, helpers, partials, data) {
      return ' disabled';
    },
    '6': function (container, depth0, helpers, partials, data, blockParams, depths) {
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
        '        <li>\n          ' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          depth0 != null ? depth0 : container.nullContext || {},
          depth0 != null ? lookupProperty(depth0, 'gap') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(7, data, 0, blockParams, depths),
            inverse: container.program(8, data, 0, blockParams, depths),
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '\n        </li>\n'
      );
    },
    '7': function (container, depth0, helpers, partials, data) {
      return '<span class="digi-pagination__gap">…</span>';
    },
    '8': function (container, depth0, helpers, partials, data, blockParams, depths) {
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
        '<button type="button" class="digi-pagination__page' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'current') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(9, data, 0, blockParams, depths),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '" data-digi-action="is-page" data-digi-page="' +
        alias4(
          ((helper =
            (helper =
              lookupProperty(helpers, 'n') ||
              (depth0 != null ? lookupProperty(depth0, 'n') : depth0)) != null
              ? helper
              : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'n', hash: {}, data: data })
            : helper),
        ) +
        '" aria-label="' +
        alias4(
          container.lambda(
            (stack1 = depths[1] != null ? lookupProperty(depths[1], 'texts') : depths[1]) != null
              ? lookupProperty(stack1, 'page')
              : stack1,
            depth0,
          ),
        ) +
        ' ' +
        alias4(
          ((helper =
            (helper =
              lookupProperty(helpers, 'n') ||
              (depth0 != null ? lookupProperty(depth0, 'n') : depth0)) != null
              ? helper
              : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'n', hash: {}, data: data })
            : helper),
        ) +
        '"' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'current') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(10, data, 0, blockParams, depths),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '>' +
        alias4(
          ((helper =
            (helper =
              lookupProperty(helpers, 'n') ||
              (depth0 != null ? lookupProperty(depth0, 'n') : depth0)) != null
              ? helper
              : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'n', hash: {}, data: data })
            : helper),
        ) +
        '</button>'
      );
    },
    '9': function (container, depth0, helpers, partials, data) {
      return ' digi-pagination__page--current';
    },
    '10': function (container, depth0, helpers, partials, data) {
      return ' aria-current="page"';
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
        depth0 != null ? lookupProperty(depth0, 'infinite') : depth0,
        {
          name: 'if',
          hash: {},
          fn: container.program(0, data, 0, blockParams, depths),
          inverse: container.program(3, data, 0, blockParams, depths),
          data: data,
        },
      )) != null
        ? stack1
        : '';
    },
    useData: true,
    useDepths: true,
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
  productList: {
    '0': function (container, depth0, helpers, partials, data) {
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
        '  <ul class="digi-product-list' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'loading') : depth0,
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
        '" aria-busy="' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'loading') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(2, data, 0),
            inverse: container.program(3, data, 0),
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '">\n' +
        ((stack1 = lookupProperty(helpers, 'each').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'items') : depth0,
          {
            name: 'each',
            hash: {},
            fn: container.program(4, data, 0),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '  </ul>\n'
      );
    },
    '1': function (container, depth0, helpers, partials, data) {
      return ' digi-product-list--loading';
    },
    '2': function (container, depth0, helpers, partials, data) {
      return 'true';
    },
    '3': function (container, depth0, helpers, partials, data) {
      return 'false';
    },
    '4': function (container, depth0, helpers, partials, data) {
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
        '      <li class="digi-product-list__item" data-digi-part="productItem" data-digi-key="' +
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
    '5': function (container, depth0, helpers, partials, data) {
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
          fn: container.program(6, data, 0),
          inverse: container.program(8, data, 0),
          data: data,
        },
      )) != null
        ? stack1
        : '';
    },
    '6': function (container, depth0, helpers, partials, data) {
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
        '    <ul class="digi-product-list digi-product-list--skeleton" aria-busy="true" aria-label="' +
        container.escapeExpression(
          container.lambda(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
              ? lookupProperty(stack1, 'loading')
              : stack1,
            depth0,
          ),
        ) +
        '">\n      ' +
        ((stack1 = lookupProperty(helpers, 'each').call(
          depth0 != null ? depth0 : container.nullContext || {},
          depth0 != null ? lookupProperty(depth0, 'skeleton') : depth0,
          {
            name: 'each',
            hash: {},
            fn: container.program(7, data, 0),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '\n    </ul>\n'
      );
    },
    '7': function (container, depth0, helpers, partials, data) {
      return '<li class="digi-product-list__item digi-skeleton"></li>';
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
        '    ' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          depth0 != null ? depth0 : container.nullContext || {},
          depth0 != null ? lookupProperty(depth0, 'searched') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(9, data, 0),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '\n'
      );
    },
    '9': function (container, depth0, helpers, partials, data) {
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
        '<p class="digi-product-list__empty">' +
        container.escapeExpression(
          container.lambda(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
              ? lookupProperty(stack1, 'nothingFound')
              : stack1,
            depth0,
          ),
        ) +
        '</p>'
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
        (stack1 = depth0 != null ? lookupProperty(depth0, 'items') : depth0) != null
          ? lookupProperty(stack1, 'length')
          : stack1,
        {
          name: 'if',
          hash: {},
          fn: container.program(0, data, 0),
          inverse: container.program(5, data, 0),
          data: data,
        },
      )) != null
        ? stack1
        : '';
    },
    useData: true,
  },
  sort: {
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
        '<option value="' +
        alias4(
          ((helper =
            (helper =
              lookupProperty(helpers, 'value') ||
              (depth0 != null ? lookupProperty(depth0, 'value') : depth0)) != null
              ? helper
              : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'value', hash: {}, data: data })
            : helper),
        ) +
        '"' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'selected') : depth0,
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
        '>' +
        alias4(
          ((helper =
            (helper =
              lookupProperty(helpers, 'label') ||
              (depth0 != null ? lookupProperty(depth0, 'label') : depth0)) != null
              ? helper
              : alias2),
          typeof helper === alias3
            ? helper.call(alias1, { name: 'label', hash: {}, data: data })
            : helper),
        ) +
        '</option>'
      );
    },
    '1': function (container, depth0, helpers, partials, data) {
      return ' selected';
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
        '<label class="digi-sort">\n  <span class="digi-sort__label">' +
        container.escapeExpression(
          container.lambda(
            (stack1 = depth0 != null ? lookupProperty(depth0, 'texts') : depth0) != null
              ? lookupProperty(stack1, 'sort')
              : stack1,
            depth0,
          ),
        ) +
        '</span>\n  <select class="digi-sort__select" data-digi-action="is-sort">\n    ' +
        ((stack1 = lookupProperty(helpers, 'each').call(
          depth0 != null ? depth0 : container.nullContext || {},
          depth0 != null ? lookupProperty(depth0, 'options') : depth0,
          {
            name: 'each',
            hash: {},
            fn: container.program(0, data, 0),
            inverse: container.noop,
            data: data,
          },
        )) != null
          ? stack1
          : '') +
        '\n  </select>\n</label>\n'
      );
    },
    useData: true,
  },
};
