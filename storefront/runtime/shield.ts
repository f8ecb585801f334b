/** Id of the element every storefront DOM node and CSS rule lives under. */
export const SHIELD_ID = 'digi-shield';

/**
 * Makes `container` a widget host under `#digi-shield`: if the container is not inside the
 * shield already, a `<div id="digi-shield">` is created in it and returned as the host.
 */
function createShield(doc: Document): HTMLElement {
  const shield = doc.createElement('div');
  shield.id = SHIELD_ID;
  // Marks a shield the runtime made, so that dispose removes only its own.
  shield.dataset['digiOwned'] = 'yes';
  return shield;
}

export function shieldHost(container: HTMLElement, widgetClass: string): HTMLElement {
  const shield =
    container.closest(`#${SHIELD_ID}`) === null
      ? container.appendChild(createShield(container.ownerDocument))
      : container;
  const host = container.ownerDocument.createElement('div');
  host.className = widgetClass;
  shield.appendChild(host);
  return host;
}

/** Removes what `shieldHost` added. */
export function releaseHost(host: HTMLElement): void {
  const shield = host.parentElement;
  host.remove();
  if (shield?.dataset['digiOwned'] === 'yes' && shield.childElementCount === 0) {
    shield.remove();
  }
}
