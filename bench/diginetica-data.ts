/** What bench:diginetica and bench/diginetica-build.bench.ts share: the strategies and the feed. */

/** The strategies measured: every event-built model the data can feed (no carts, no attributes). */
export const DIGINETICA_STRATEGIES: {
  name: string;
  modelName: string;
  configs: Record<string, string>;
}[] = [
  { name: 'popular_window', modelName: 'popular_window', configs: {} },
  { name: 'trending', modelName: 'trending', configs: {} },
  { name: 'co_viewed', modelName: 'co_viewed', configs: {} },
  { name: 'session_knn', modelName: 'session_knn', configs: {} },
  // The benchmark's protocol ranks every item, the current one too (9 % of the test cases repeat
  // it): the same model with the page's product allowed, with the settings chosen for that
  // objective on the same validation split (bench/diginetica-tune.ts without --exclude-current:
  // 53.94 / 19.62 there; the defaults are chosen as a product page serves).
  {
    name: 'session_knn (current allowed)',
    modelName: 'session_knn',
    configs: { excludeCurrent: 'false', reminder: '2', positionDecay: '4', idfWeight: '0.5' },
  },
];

/** The feed: one offer per item, its name and price made from its id, 100 categories. */
export async function* digineticaFeed(items: number): AsyncGenerator<Buffer> {
  const head = `<?xml version="1.0" encoding="UTF-8"?>\n<yml_catalog date="2026-11-21T12:00:00+03:00">\n<shop>\n<name>DIGINETICA</name>\n<company>DIGINETICA items</company>\n<url>https://diginetica.example</url>\n<currencies><currency id="RUR" rate="1"/></currencies>\n<categories>\n`;
  const categories = Array.from(
    { length: 100 },
    (_, i) => `<category id="${i + 1}">Категория ${i + 1}</category>\n`,
  ).join('');
  yield Buffer.from(`${head}${categories}</categories>\n<offers>\n`);
  let chunk = '';
  for (let id = 1; id <= items; id++) {
    const price = 100 + ((id * 7919) % 9900);
    chunk += `<offer id="${id}" available="true"><url>https://diginetica.example/p/${id}</url><price>${price}</price><currencyId>RUR</currencyId><categoryId>${(id % 100) + 1}</categoryId><name>Товар ${id}</name></offer>\n`;
    if (chunk.length > 1 << 16) {
      yield Buffer.from(chunk);
      chunk = '';
    }
  }
  yield Buffer.from(`${chunk}</offers>\n</shop>\n</yml_catalog>\n`);
}

/**
 * p50 and p95 of `/public/recommendations` over HTTP for `strategy`, one call a case in turn: the
 * case's last item as the page's product and its prefix as the session's views.
 */
export async function recommendationLatency(
  address: string,
  apiKey: string,
  strategy: string,
  cases: { prefix: string[] }[],
): Promise<{ p50: number; p95: number; calls: number }> {
  const times: number[] = [];
  for (const { prefix } of cases) {
    const query = new URLSearchParams({
      apiKey,
      strategy,
      productId: prefix.at(-1)!,
      viewed: prefix.join(','),
      size: '20',
    });
    const started = performance.now();
    const response = await fetch(`${address}/public/recommendations?${query}`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
    if (!response.ok) throw new Error(`recommendations: ${response.status}`);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), calls: times.length };
}
