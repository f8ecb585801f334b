/** Each step of the query pipeline (server/search/understanding.ts) on its own. */
import { describe, expect, it } from 'vitest';
import {
  applyBlackList,
  candidateSpellings,
  compileLists,
  detectBrand,
  expandSynonyms,
  normalise,
  protectedWords,
  suggestionAllowed,
  switchLayout,
  letterKeyTokens,
  retypeTokens,
  termsQuery,
  transliterate,
  transliterations,
  understandWith,
  type ListRow,
} from '#server/search/understanding.ts';

const row = (list: string, term: string, variants: string[] = [], mode = 'none'): ListRow => ({
  list,
  term,
  key: normalise(term).join(' '),
  variants,
  mode,
});

describe('normalise', () => {
  it('lower-cases, folds ё to е and keeps words of letters and digits', () => {
    expect(normalise('  Тёплая  КУРТКА, XL-48!')).toEqual(['теплая', 'куртка', 'xl', '48']);
    expect(normalise('...')).toEqual([]);
  });
});

describe('transliteration', () => {
  it('retypes the wrong keyboard layout both ways', () => {
    expect(switchLayout('rhjccjdrb')).toBe('кроссовки');
    expect(switchLayout('ифдутсшфпф')).toBe('balenciaga');
  });

  it("retypes the Russian letters on the Latin layout's punctuation keys: ж э х ъ б ю ё", () => {
    expect(switchLayout(";bktn 'rj [kjgjr j,]tv .,rf `krf")).toBe(
      'жилет эко хлопок объем юбка ёлка',
    );
    const keyed = letterKeyTokens(';bktn .,rf rhjccjdrb, куртка [kjgjr');
    expect(keyed).toEqual([
      { token: ';bktn', word: 'жилет' },
      { token: '.,rf', word: 'юбка' },
      { token: 'rhjccjdrb,', word: 'кроссовкиб' },
      { token: '[kjgjr', word: 'хлопок' },
    ]);
    // Only the tokens the catalog knows are retyped: the last comma is a comma.
    expect(retypeTokens(';bktn  rhjccjdrb, .,rf', keyed.slice(0, 2))).toBe(
      'жилет  rhjccjdrb, юбка',
    );
    expect(letterKeyTokens('nike, adidas куртка')).toEqual([{ token: 'nike,', word: 'тшлуб' }]);
  });

  it('spells Latin in Cyrillic, English silent e included, and Cyrillic in Latin', () => {
    expect(transliterations('nike')).toContain('найк');
    expect(transliterations('adidas')).toEqual(['адидас']);
    expect(transliterations('адидас')).toEqual(['adidas']);
    expect(transliterations('2024')).toEqual([]);
    expect(candidateSpellings('rhjccjdrb')).toContain('кроссовки');
  });

  const catalog = new Set(['кроссовки', 'найк', 'куртка', 'adidas']);
  const known = (word: string) => [...catalog].some((w) => w.startsWith(word));
  const none = compileLists([]);

  it('switches only words the catalog does not know, to a spelling it does', () => {
    expect(transliterate(['rhjccjdrb', 'nike'], none, known).words).toEqual(['кроссовки', 'найк']);
    expect(transliterate(['адидас'], none, known).words).toEqual(['adidas']);
    // Known words and unknown words without a known spelling stay as typed.
    expect(transliterate(['куртка', 'qqqq'], none, known).words).toEqual(['куртка', 'qqqq']);
    // A prefix being typed counts as known.
    expect(transliterate(['rhjcc'], none, known).words).toEqual(['кросс']);
  });

  it('applies operator pairs first, phrases included, even for known words', () => {
    const lists = compileLists([
      row('transliterations', 'куртка', ['jacket']),
      row('transliterations', 'нью баланс', ['new balance']),
    ]);
    const result = transliterate(['куртка', 'нью', 'баланс'], lists, known);
    expect(result.words).toEqual(['jacket', 'new', 'balance']);
    expect(result.changes[0]).toBe('куртка → jacket (pair)');
  });
});

describe('black list', () => {
  it('blocks an exact query, drops a word, blocks a query of nothing but black words', () => {
    const queries = new Set(['купить оружие']);
    const words = new Set(['дешево']);
    expect(applyBlackList(['купить', 'оружие'], queries, words).blocked).toBe(true);
    expect(applyBlackList(['купить', 'оружие', 'игрушечное'], queries, words).blocked).toBe(false);
    expect(applyBlackList(['куртка', 'дешево'], queries, words)).toEqual({
      blocked: false,
      words: ['куртка'],
      dropped: ['дешево'],
    });
    expect(applyBlackList(['дешево'], queries, words).blocked).toBe(true);
  });
});

describe('white list', () => {
  it('names the words correction must keep', () => {
    expect([...protectedWords(['ботфорты', 'кожа'], new Set(['ботфорты']))]).toEqual(['ботфорты']);
  });
});

describe('brands', () => {
  const lists = compileLists([
    row('brands', 'Love Republic', ['лав репаблик']),
    row('brands', 'Kari', ['кари']),
    row('brand-exclusions', 'кари'),
  ]);

  it('takes the longest brand phrase or alias out of the words as a vendor', () => {
    expect(detectBrand(['платье', 'лав', 'репаблик'], lists)).toEqual({
      brand: 'love republic',
      words: ['платье'],
      excluded: [],
    });
    expect(detectBrand(['love', 'republic'], lists).brand).toBe('love republic');
  });

  it('leaves a phrase on the brand-exclusion list a plain word', () => {
    expect(detectBrand(['кари', 'глаза'], lists)).toEqual({
      brand: null,
      words: ['кари', 'глаза'],
      excluded: ['кари'],
    });
    expect(detectBrand(['kari'], lists).brand).toBe('kari');
  });
});

describe('synonyms and stemming', () => {
  it('two-way groups find each other; one-way only the variants', () => {
    const lists = compileLists([
      row('synonyms', 'худи', ['свитшот', 'толстовка'], 'two-way'),
      row('synonyms', 'обувь', ['кроссовки'], 'one-way'),
    ]);
    expect(lists.synonyms.get('свитшот')).toEqual(['худи', 'толстовка']);
    expect(lists.synonyms.get('обувь')).toEqual(['кроссовки']);
    expect(lists.synonyms.has('кроссовки')).toBe(false);
    const terms = expandSynonyms(['худи', 'мужское'], lists.synonyms, lists.maxPhrase);
    expect(terms).toEqual([
      { words: ['худи'], alternatives: [['свитшот'], ['толстовка']] },
      { words: ['мужское'], alternatives: [] },
    ]);
    expect(termsQuery(terms, new Set()).tsquery).toBe(
      '(худи:* | свитшот:* | толстовка:*) & мужское:*',
    );
  });

  it('matches multi-word synonyms longest first', () => {
    const lists = compileLists([row('synonyms', 'спортивный костюм', ['тренировочный комплект'])]);
    const terms = expandSynonyms(['спортивный', 'костюм'], lists.synonyms, lists.maxPhrase);
    expect(termsQuery(terms, new Set()).tsquery).toBe(
      '((спортивный:* & костюм:*) | (тренировочный:* & комплект:*))',
    );
  });

  it('matches a stemmer-excluded word by its exact lexeme, not a prefix of its stem', () => {
    const query = termsQuery(expandSynonyms(['шапки', 'теплые'], new Map(), 1), new Set(['шапки']));
    expect(query.tsquery).toBe('шапки & теплые:*');
    expect(query.exact).toEqual(['шапки']);
  });
});

describe('autocomplete suggestions', () => {
  it('drops excluded queries and suggestions with black-listed words or queries', () => {
    const lists = compileLists([
      row('query-exclusions', 'платье дешевое'),
      row('autocomplete-black-list', 'секонд', [], 'word'),
      row('autocomplete-black-list', 'куртка бу', [], 'query'),
    ]);
    expect(suggestionAllowed('Платье дешёвое', lists)).toBe(false);
    expect(suggestionAllowed('куртка секонд хенд', lists)).toBe(false);
    expect(suggestionAllowed('куртка бу', lists)).toBe(false);
    expect(suggestionAllowed('куртка бу новая', lists)).toBe(true);
    expect(suggestionAllowed('платье', lists)).toBe(true);
  });
});

describe('the whole pipeline', () => {
  const lists = compileLists([
    row('synonyms', 'худи', ['свитер'], 'two-way'),
    row('black-list', 'оружие', [], 'word'),
    row('black-list', 'скидки', [], 'query'),
    row('brands', 'Kari', ['кари']),
    row('white-list', 'худи'),
    row('stemmer-exclusions', 'шапки'),
    row('autocomplete-synonyms', 'кеды', ['кроссовки']),
  ]);
  const known = () => true;

  it('runs every step in order and explains it', () => {
    const result = understandWith('Худи КАРИ оружие', lists, known, 'search');
    expect(result.blocked).toBe(false);
    expect(result.words).toEqual(['худи']);
    expect(result.understanding.brand).toBe('kari');
    expect([...result.keep]).toEqual(['худи']);
    expect(result.steps.map((step) => step.step)).toEqual([
      'normalise',
      'transliteration',
      'black list',
      'white list',
      'brands',
      'synonyms',
      'stemming',
    ]);
    expect(result.steps.find((s) => s.step === 'synonyms')!.output).toBe('(худи | свитер)');
  });

  it('leaves a word a list names to that list, not to the built-in transliteration', () => {
    const withExclusion = compileLists([
      row('brands', 'Kari', ['кари']),
      row('brand-exclusions', 'кари'),
    ]);
    const catalogKnowsLatin = (word: string) => word === 'kari';
    const result = understandWith('кари', withExclusion, catalogKnowsLatin, 'search');
    expect(result.understanding.brand).toBeNull();
    expect(result.words).toEqual(['кари']);
    expect(understandWith('кари', compileLists([]), catalogKnowsLatin, 'search').words).toEqual([
      'kari',
    ]);
  });

  it('blocks a black-listed query', () => {
    expect(understandWith('Скидки', lists, known, 'search').blocked).toBe(true);
  });

  it('uses autocomplete synonyms in autocomplete only', () => {
    expect(understandWith('кеды', lists, known, 'search').understanding.synonyms.has('кеды')).toBe(
      false,
    );
    expect(
      understandWith('кеды', lists, known, 'autocomplete').understanding.synonyms.get('кеды'),
    ).toEqual(['кроссовки']);
  });
});
