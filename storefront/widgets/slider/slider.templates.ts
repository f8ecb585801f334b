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
            ? helper.call(alias1, { name: 'n', hash: {}, data: data })
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
            ? helper.call(alias1, { name: 'trackId', hash: {}, data: data })
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
            ? helper.call(alias1, { name: 'trackId', hash: {}, data: data })
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
            fn: container.program(7, data, 0, blockParams, depths),
            inverse: container.noop,
            data: data,
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
            ? helper.call(alias1, { name: 'index', hash: {}, data: data })
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
            ? helper.call(alias1, { name: 'title', hash: {}, data: data })
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
            ? helper.call(alias1, { name: 'trackId', hash: {}, data: data })
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
            ? helper.call(alias1, { name: 'perView', hash: {}, data: data })
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
            ? helper.call(alias1, { name: 'offset', hash: {}, data: data })
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
