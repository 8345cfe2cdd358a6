import { listeningLine } from '../../infra/scripts/listen-address';

describe('npm start says who can reach the app', () => {
  it('listens on loopback only by default, and says how to open it', () => {
    expect(listeningLine(undefined)).toBe(
      'Ouvindo só em 127.0.0.1 (defina HOST=0.0.0.0 para aceitar outras máquinas)',
    );
    expect(listeningLine('')).toBe(listeningLine(undefined));
    expect(listeningLine('::1')).toBe(
      'Ouvindo só em ::1 (defina HOST=0.0.0.0 para aceitar outras máquinas)',
    );
  });

  it('warns when every interface is open', () => {
    expect(listeningLine('0.0.0.0')).toBe(
      'Ouvindo em todas as interfaces (HOST=0.0.0.0): outras máquinas da rede alcançam o app',
    );
    expect(listeningLine('192.168.0.10')).toBe('Ouvindo em 192.168.0.10 (HOST)');
  });
});
