import { createElement, useEffect, useRef, type ReactElement } from 'react';

/** What every mount function returns. */
export interface Disposable {
  dispose(): void;
}

interface RuntimeHostProps {
  mount: (container: HTMLElement) => Disposable;
  style?: Record<string, string | number>;
}

/** Mounts the real storefront runtime into a div and disposes it when the story changes. */
function RuntimeHost({ mount, style }: RuntimeHostProps): ReactElement {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el === null) return undefined;
    const widget = mount(el);
    return () => widget.dispose();
  }, [mount]);
  return createElement('div', { ref, className: 'sb-storefront-host', style });
}

/** A story's render: the Storybook section for the storefront shows the runtime, not React. */
export function runtimeStory(
  mount: RuntimeHostProps['mount'],
  style?: RuntimeHostProps['style'],
): ReactElement {
  return createElement(RuntimeHost, style ? { mount, style } : { mount });
}

/** Stories wait for part delays (spec §4) up to this long. */
export const STORY_TIMEOUT = 4000;
