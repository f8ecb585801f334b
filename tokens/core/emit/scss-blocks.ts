/**
 * The compiler's SCSS text kept as joined blocks of 256 tokens: a changed token invalidates only
 * its block, so after an edit the output is re-joined from the blocks, not from every token.
 */
import type { Chunk } from './scss.ts';

const BLOCK_BITS = 8;
const BLOCK_SIZE = 1 << BLOCK_BITS;

/** What a block (or the whole output) holds: the sections of the SCSS text and its token count. */
export interface JoinedScss {
  vars: string;
  mixins: string;
  props: string;
  count: number;
}

/** A token as the join reads it: removed tokens stay in place, not alive. */
export interface EmittedToken {
  alive: boolean;
  chunk: Chunk;
}

export class ScssBlocks {
  private readonly blocks: (JoinedScss | undefined)[] = [];

  /** The token at index `id` changed (or was removed): its block is joined again when read. */
  invalidate(id: number): void {
    this.blocks[id >> BLOCK_BITS] = undefined;
  }

  /** Every alive token's chunks by section, in token order (blocks concatenated without copying them). */
  join(tokens: readonly EmittedToken[]): JoinedScss {
    let vars = '';
    let mixins = '';
    let props = '';
    let count = 0;
    const nb = (tokens.length + BLOCK_SIZE - 1) >> BLOCK_BITS;
    for (let b = 0; b < nb; b++) {
      const blk = this.block(tokens, b);
      vars += blk.vars;
      mixins += blk.mixins;
      props += blk.props;
      count += blk.count;
    }
    return { vars, mixins, props, count };
  }

  private block(tokens: readonly EmittedToken[], b: number): JoinedScss {
    let blk = this.blocks[b];
    if (blk) return blk;
    const vars: string[] = [];
    const mixins: string[] = [];
    const props: string[] = [];
    let count = 0;
    const end = Math.min(tokens.length, (b + 1) << BLOCK_BITS);
    for (let i = b << BLOCK_BITS; i < end; i++) {
      const n = tokens[i] as EmittedToken;
      if (!n.alive) continue;
      count++;
      if (n.chunk.vars) vars.push(n.chunk.vars);
      if (n.chunk.mixin) mixins.push(n.chunk.mixin);
      if (n.chunk.props) props.push(n.chunk.props);
    }
    blk = { vars: vars.join(''), mixins: mixins.join(''), props: props.join(''), count };
    this.blocks[b] = blk;
    return blk;
  }
}
