// Generated from widgets/favorite-button/templates/*.hbs by storefront/build/precompile-templates.ts. Do not edit.
/* eslint-disable */
// @ts-nocheck
import type { TemplateSpec } from '../../runtime/templates.ts';

export const favoriteButtonTemplates: Readonly<Record<string, TemplateSpec>> = {
  favoriteButton: {
    '0': function (container, depth0, helpers, partials, data) {
      return ' digi-favorite-button--active';
    },
    '1': function (container, depth0, helpers, partials, data) {
      return ' digi-favorite-button--pending';
    },
    '2': function (container, depth0, helpers, partials, data) {
      return 'true';
    },
    '3': function (container, depth0, helpers, partials, data) {
      return 'false';
    },
    '4': function (container, depth0, helpers, partials, data) {
      return ' disabled aria-busy="true"';
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
        '<button type="button" class="digi-favorite-button' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'favorite') : depth0,
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
          depth0 != null ? lookupProperty(depth0, 'pending') : depth0,
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
        '" aria-pressed="' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'favorite') : depth0,
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
        '" aria-label="' +
        container.escapeExpression(
          container.lambda(
            (stack1 =
              (stack1 = data && lookupProperty(data, 'root')) && lookupProperty(stack1, 'texts')) &&
              lookupProperty(stack1, 'favorite'),
            depth0,
          ),
        ) +
        '" data-digi-action="favorite"' +
        ((stack1 = lookupProperty(helpers, 'if').call(
          alias1,
          depth0 != null ? lookupProperty(depth0, 'pending') : depth0,
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
        '>\n  <svg class="digi-favorite-button__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><path d="M12 21s-7.5-4.6-9.5-9.1C1.1 8.6 3.2 5 6.7 5c2 0 3.4 1.1 4.3 2.4l1 1.4 1-1.4C13.9 6.1 15.3 5 17.3 5c3.5 0 5.6 3.6 4.2 6.9C19.5 16.4 12 21 12 21Z"/></svg>\n</button>\n'
      );
    },
    useData: true,
  },
};
