// Generated from widgets/slider/templates/*.hbs by storefront/build/precompile-templates.ts. Do not edit.
/* eslint-disable */
// @ts-nocheck
import type { TemplateSpec } from '../../runtime/templates.ts';

export const sliderTemplates: Readonly<Record<string, TemplateSpec>> = {
  slider: {
    '0': function (container, depth0, helpers, partials, data) {
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
        '<h2 class="digi-slider__title">' +
        container.escapeExpression(
          ((helper =
            (helper =
              lookupProperty(helpers, 'title') ||
              (depth0 != null ? lookupProperty(depth0, 'title') : depth0)) != null
              ? helper
              : container.hooks.helperMissing),
          typeof helper === 'function'
            ? helper.call(depth0 != null ? depth0 : container.nullContext || {}, {
                name: 'title',
                hash: {},
                data: data,
                loc: { start: { line: 2, column: 46 }, end: { line: 2, column: 55 } },
              })
            : helper),
        ) +
        '</h2>'
      );
    },
    '1': function (container, depth0, helpers, partials, data, blockParams, depths) {
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
        '        <div class="digi-slider__slide" role="group" aria-roledescription="slide" aria-label="' +
        alias2(
          ((helper =
            (helper =
              lookupProperty(helpers, 'n') ||
              (depth0 != null ? lookupProperty(depth0, 'n') : depth0)) != null
              ? helper
              : container.hooks.helperMissing),
          typeof helper === 'function'
            ? helper.call(alias1, {
                name: 'n',
                hash: {},
                data: data,
                loc: { start: { line: 6, column: 94 }, end: { line: 6, column: 99 } },
              })
            : helper),
        ) +
        ' / ' +
        alias2(
          container.lambda(
            depths[1] != null ? lookupProperty(depths[1], 'count') : depths[1],
            depth0,
          ),
        ) +
        '"' +
        ((stack1 = lookupProperty(helpers, 'unless').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'visible') : depth0,
          {
            name: 'unless',
            hash: {},
            fn: container.program(2, data, 0, blockParams, depths),
            inverse: container.noop,
            data: data,
            loc: { start: { line: 6, column: 115 }, end: { line: 6, column: 170 } },
          },
        )) != null
          ? stack1
          : '') +
        '>\n' +
        ((stack1 = container.invokePartial(
          lookupProperty(partials, 'card'),
          depth0 != null ? lookupProperty(depth0, 'product') : depth0,
          {
            name: 'card',
            data: data,
            indent: '          ',
            helpers: helpers,
            partials: partials,
            decorators: container.decorators,
          },
        )) != null
          ? stack1
          : '') +
        '        </div>\n'
      );
    },
    '2': function (container, depth0, helpers, partials, data) {
      return ' aria-hidden="true" inert';
    },
    '3': function (container, depth0, helpers, partials, data, blockParams, depths) {
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
        '    <button type="button" class="digi-slider__prev" aria-controls="' +
        alias4(
          ((helper =
            (helper =
              lookupProperty(helpers, 'trackId') ||
              (depth0 != null ? lookupProperty(depth0, 'trackId') : depth0)) != null
              ? helper
              : alias2),
          typeof helper === alias3
            ? helper.call(alias1, {
                name: 'trackId',
                hash: {},
                data: data,
                loc: { start: { line: 13, column: 67 }, end: { line: 13, column: 78 } },
              })
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
        '" data-digi-action="slider-prev"' +
        ((stack1 = lookupProperty(helpers, 'unless').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'canPrev') : depth0,
          {
            name: 'unless',
            hash: {},
            fn: container.program(4, data, 0, blockParams, depths),
            inverse: container.noop,
            data: data,
            loc: { start: { line: 13, column: 138 }, end: { line: 13, column: 177 } },
          },
        )) != null
          ? stack1
          : '') +
        '>‹</button>\n    <button type="button" class="digi-slider__next" aria-controls="' +
        alias4(
          ((helper =
            (helper =
              lookupProperty(helpers, 'trackId') ||
              (depth0 != null ? lookupProperty(depth0, 'trackId') : depth0)) != null
              ? helper
              : alias2),
          typeof helper === alias3
            ? helper.call(alias1, {
                name: 'trackId',
                hash: {},
                data: data,
                loc: { start: { line: 14, column: 67 }, end: { line: 14, column: 78 } },
              })
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
        '" data-digi-action="slider-next"' +
        ((stack1 = lookupProperty(helpers, 'unless').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'canNext') : depth0,
          {
            name: 'unless',
            hash: {},
            fn: container.program(4, data, 0, blockParams, depths),
            inverse: container.noop,
            data: data,
            loc: { start: { line: 14, column: 138 }, end: { line: 14, column: 177 } },
          },
        )) != null
          ? stack1
          : '') +
        '>›</button>\n    <div class="digi-slider__dots">\n' +
        ((stack1 = lookupProperty(helpers, 'each').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'dots') : depth0,
          {
            name: 'each',
            hash: {},
            fn: container.program(5, data, 0, blockParams, depths),
            inverse: container.noop,
            data: data,
            loc: { start: { line: 16, column: 6 }, end: { line: 18, column: 15 } },
          },
        )) != null
          ? stack1
          : '') +
        '    </div>\n'
      );
    },
    '4': function (container, depth0, helpers, partials, data) {
      return ' disabled';
    },
    '5': function (container, depth0, helpers, partials, data, blockParams, depths) {
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
        '        <button type="button" class="digi-slider__dot' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'current') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(6, data, 0, blockParams, depths),
            inverse: container.noop,
            data: data,
            loc: { start: { line: 17, column: 53 }, end: { line: 17, column: 101 } },
          },
        )) != null
          ? stack1
          : '') +
        '" aria-label="' +
        alias2(
          container.lambda(
            (stack1 = depths[1] != null ? lookupProperty(depths[1], 'texts') : depths[1]) != null
              ? lookupProperty(stack1, 'slide')
              : stack1,
            depth0,
          ),
        ) +
        ' ' +
        alias2(
          ((helper =
            (helper =
              lookupProperty(helpers, 'n') ||
              (depth0 != null ? lookupProperty(depth0, 'n') : depth0)) != null
              ? helper
              : alias3),
          typeof helper === alias4
            ? helper.call(alias1, {
                name: 'n',
                hash: {},
                data: data,
                loc: { start: { line: 17, column: 134 }, end: { line: 17, column: 139 } },
              })
            : helper),
        ) +
        '"' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'current') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(7, data, 0, blockParams, depths),
            inverse: container.noop,
            data: data,
            loc: { start: { line: 17, column: 140 }, end: { line: 17, column: 182 } },
          },
        )) != null
          ? stack1
          : '') +
        ' data-digi-action="slider-go" data-digi-index="' +
        alias2(
          ((helper =
            (helper =
              lookupProperty(helpers, 'index') ||
              (depth0 != null ? lookupProperty(depth0, 'index') : depth0)) != null
              ? helper
              : alias3),
          typeof helper === alias4
            ? helper.call(alias1, {
                name: 'index',
                hash: {},
                data: data,
                loc: { start: { line: 17, column: 229 }, end: { line: 17, column: 238 } },
              })
            : helper),
        ) +
        '"></button>\n'
      );
    },
    '6': function (container, depth0, helpers, partials, data) {
      return ' digi-slider__dot--current';
    },
    '7': function (container, depth0, helpers, partials, data) {
      return ' aria-current="true"';
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
        '<section class="digi-slider" aria-roledescription="carousel" aria-label="' +
        alias4(
          ((helper =
            (helper =
              lookupProperty(helpers, 'title') ||
              (depth0 != null ? lookupProperty(depth0, 'title') : depth0)) != null
              ? helper
              : alias2),
          typeof helper === alias3
            ? helper.call(alias1, {
                name: 'title',
                hash: {},
                data: data,
                loc: { start: { line: 1, column: 73 }, end: { line: 1, column: 82 } },
              })
            : helper),
        ) +
        '">\n  ' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'title') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(0, data, 0, blockParams, depths),
            inverse: container.noop,
            data: data,
            loc: { start: { line: 2, column: 2 }, end: { line: 2, column: 67 } },
          },
        )) != null
          ? stack1
          : '') +
        '\n  <div class="digi-slider__viewport">\n    <div class="digi-slider__track" id="' +
        alias4(
          ((helper =
            (helper =
              lookupProperty(helpers, 'trackId') ||
              (depth0 != null ? lookupProperty(depth0, 'trackId') : depth0)) != null
              ? helper
              : alias2),
          typeof helper === alias3
            ? helper.call(alias1, {
                name: 'trackId',
                hash: {},
                data: data,
                loc: { start: { line: 4, column: 40 }, end: { line: 4, column: 51 } },
              })
            : helper),
        ) +
        '" style="--digi-slider-per-view: ' +
        alias4(
          ((helper =
            (helper =
              lookupProperty(helpers, 'perView') ||
              (depth0 != null ? lookupProperty(depth0, 'perView') : depth0)) != null
              ? helper
              : alias2),
          typeof helper === alias3
            ? helper.call(alias1, {
                name: 'perView',
                hash: {},
                data: data,
                loc: { start: { line: 4, column: 84 }, end: { line: 4, column: 95 } },
              })
            : helper),
        ) +
        '; transform: translateX(-' +
        alias4(
          ((helper =
            (helper =
              lookupProperty(helpers, 'offset') ||
              (depth0 != null ? lookupProperty(depth0, 'offset') : depth0)) != null
              ? helper
              : alias2),
          typeof helper === alias3
            ? helper.call(alias1, {
                name: 'offset',
                hash: {},
                data: data,
                loc: { start: { line: 4, column: 120 }, end: { line: 4, column: 130 } },
              })
            : helper),
        ) +
        '%);" aria-live="polite">\n' +
        ((stack1 = lookupProperty(helpers, 'each').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'slides') : depth0,
          {
            name: 'each',
            hash: {},
            fn: container.program(1, data, 0, blockParams, depths),
            inverse: container.noop,
            data: data,
            loc: { start: { line: 5, column: 6 }, end: { line: 9, column: 15 } },
          },
        )) != null
          ? stack1
          : '') +
        '    </div>\n  </div>\n' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'controls') : depth0,
          {
            name: 'if',
            hash: {},
            fn: container.program(3, data, 0, blockParams, depths),
            inverse: container.noop,
            data: data,
            loc: { start: { line: 12, column: 2 }, end: { line: 20, column: 9 } },
          },
        )) != null
          ? stack1
          : '') +
        '</section>\n'
      );
    },
    usePartial: true,
    useData: true,
    useDepths: true,
  },
};
