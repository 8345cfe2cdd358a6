import { CONTRACT_READ_MODELS } from '../../contracts/agreements/ports';
import { agreementProjections } from '../projections';

describe('agreements read models', () => {
  it('are the ones other contexts name when they wait for them', () => {
    expect(agreementProjections.map((projection) => projection.name)).toEqual([...CONTRACT_READ_MODELS]);
  });
});
