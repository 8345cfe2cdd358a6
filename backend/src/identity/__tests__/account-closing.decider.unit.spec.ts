import { deciderSpec } from '../../../../test/support/decider-spec';
import { CLOSE_ACCOUNT_MESSAGE } from '../../contracts/identity/api';
import { accountClosingDecider } from '../domain/account-closing.decider';

const given = deciderSpec(accountClosingDecider, new Date('2026-12-02T12:00:00Z'));
const closed = { type: 'AccountClosed' as const, data: {} };

describe('account closing decider', () => {
  it('closes the account when ENCERRAR is typed as asked (spaces around it aside)', () => {
    given().when({ type: 'CloseAccount', confirm: ' ENCERRAR ' }).then([closed]);
  });

  it('refuses any other confirmation, other letter case too, naming the field', () => {
    for (const confirm of ['sim', 'encerrar', 'Encerrar', ' encerrar ', 'ENCER RAR'])
      given()
        .when({ type: 'CloseAccount', confirm })
        .thenFails('validation_error', CLOSE_ACCOUNT_MESSAGE);
  });

  it('closes once', () => {
    given(closed).when({ type: 'CloseAccount', confirm: 'ENCERRAR' }).thenFails('not_found');
  });
});
