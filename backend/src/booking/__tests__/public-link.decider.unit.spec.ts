import { deciderSpec, expectOneStreamPerTrainer } from '../../../../test/support/decider-spec';
import { DEFAULT_PUBLIC_LINK } from '../../contracts/booking/api';
import { publicLinkDecider, publicLinkStreamId } from '../domain/public-link.decider';

const given = deciderSpec(publicLinkDecider, new Date('2026-11-24T12:00:00Z'));
const academia = '01a20a2a-84e5-75eb-9619-fc2bcf842800';
const parque = '01a20a2a-84e5-75eb-9619-fc2bcf842801';

describe("a trainer's public link", () => {
  it('starts off (spec: private until the trainer turns it on); saving it off writes nothing', () => {
    expect(DEFAULT_PUBLIC_LINK.enabled).toBe(false);
    given().when({ type: 'SetPublicLink', settings: { ...DEFAULT_PUBLIC_LINK } }).then([]);
  });

  it('turned on with a WhatsApp and locations: saved whole', () => {
    const on = { ...DEFAULT_PUBLIC_LINK, enabled: true, whatsapp: '11987654321', locationIds: [academia, parque] };
    given()
      .when({ type: 'SetPublicLink', settings: on })
      .then([{ type: 'PublicLinkSettingsChanged', data: on }]);
  });

  it('the same locations in another order are the same settings; all locations (null) are not', () => {
    const saved = {
      type: 'PublicLinkSettingsChanged' as const,
      data: { ...DEFAULT_PUBLIC_LINK, enabled: true, locationIds: [academia, parque] },
    };
    given(saved)
      .when({ type: 'SetPublicLink', settings: { ...saved.data, locationIds: [parque, academia] } })
      .then([]);
    const everywhere = { ...saved.data, locationIds: null };
    given(saved)
      .when({ type: 'SetPublicLink', settings: everywhere })
      .then([{ type: 'PublicLinkSettingsChanged', data: everywhere }]);
  });

  it('settings saved before the WhatsApp was chosen read with none', () => {
    const { whatsapp: _none, ...older } = { ...DEFAULT_PUBLIC_LINK, enabled: true };
    const state = publicLinkDecider.evolve(publicLinkDecider.initialState(), {
      type: 'PublicLinkSettingsChanged',
      data: older as typeof DEFAULT_PUBLIC_LINK,
    });
    expect(state.whatsapp).toBeNull();
  });

  it('live on one stream per trainer', () => {
    expectOneStreamPerTrainer(publicLinkStreamId);
  });
});
