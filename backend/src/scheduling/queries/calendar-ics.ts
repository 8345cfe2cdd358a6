import { STUDENT_NOT_FOUND_LABEL } from '../../contracts/scheduling/api';
import { zonedParts } from '../../contracts/shared/time';
import type { FeedSession } from './sessions.repository';

/** RFC 5545 §3.1: content lines end in CRLF and are folded beyond 75 octets. */
const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

/**
 * One content line, folded: split before 75 octets (never inside a UTF-8 sequence), each
 * continuation starting with a space.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character);
    // A continuation line's leading space counts towards its 75.
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** A TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma and newlines escaped; controls dropped. */
export function escapeText(text: string): string {
  return Array.from(text.replace(/\r\n|\r/g, '\n'), (character) => {
    if (character === '\n') return '\\n';
    if (character === '\\' || character === ';' || character === ',') return `\\${character}`;
    const code = character.codePointAt(0) as number;
    // Control characters are not TEXT (HTAB is).
    return (code < 0x20 && character !== '\t') || code === 0x7f ? '' : character;
  }).join('');
}

const utcStamp = (instant: Date) =>
  instant
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');

/** The wall-clock time of `instant` in `timeZone`, as a DATE-TIME with TZID wants it. */
function localStamp(instant: Date, timeZone: string): string {
  const { date, time } = zonedParts(instant, timeZone);
  const seconds = String(instant.getUTCSeconds()).padStart(2, '0');
  return `${date.replace(/-/g, '')}T${time.replace(':', '')}${seconds}`;
}

/** '+HHMM' / '-HHMM': how far `timeZone` is from UTC at `instant`. */
function utcOffset(instant: Date, timeZone: string): string {
  const { date, time } = zonedParts(instant, timeZone);
  const wall = Date.parse(`${date}T${time}:00Z`);
  const minutes = Math.round((wall - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  return `${sign}${String(Math.floor(absolute / 60)).padStart(2, '0')}${String(absolute % 60).padStart(2, '0')}`;
}

/**
 * The trainer's sessions as an iCalendar feed (RFC 5545) that Google Calendar or a phone
 * subscribes to: times in the tenant's zone (TZID, with its VTIMEZONE: America/Sao_Paulo has kept
 * one offset all year since 2019, so one STANDARD rule describes it), one VEVENT per session with
 * a UID that never changes, the student and the location in the SUMMARY, cancelled ones as
 * STATUS:CANCELLED; SEQUENCE and LAST-MODIFIED from the session's version, so a change replaces
 * the event a client already has.
 */
export function calendarIcs(
  sessions: readonly FeedSession[],
  { timeZone, now }: { timeZone: string; now: Date },
): string {
  const offset = utcOffset(now, timeZone);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Vira//Agenda//PT-BR',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText('Vira — Agenda')}`,
    `X-WR-TIMEZONE:${timeZone}`,
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${offset}`,
    `TZOFFSETTO:${offset}`,
    'END:STANDARD',
    'END:VTIMEZONE',
  ];
  for (const session of sessions) {
    const aluno = session.studentNome ?? STUDENT_NOT_FOUND_LABEL;
    const summary = session.locationNome ? `${aluno} — ${session.locationNome}` : aluno;
    lines.push(
      'BEGIN:VEVENT',
      `UID:${session.id}@vira`,
      `DTSTAMP:${utcStamp(session.updatedAt)}`,
      `LAST-MODIFIED:${utcStamp(session.updatedAt)}`,
      `SEQUENCE:${session.version}`,
      `DTSTART;TZID=${timeZone}:${localStamp(session.inicio, timeZone)}`,
      `DTEND;TZID=${timeZone}:${localStamp(session.fim, timeZone)}`,
      `SUMMARY:${escapeText(summary)}`,
      ...(session.locationNome ? [`LOCATION:${escapeText(session.locationNome)}`] : []),
      ...(session.observacoes ? [`DESCRIPTION:${escapeText(session.observacoes)}`] : []),
      `STATUS:${session.status === 'cancelada' ? 'CANCELLED' : 'CONFIRMED'}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}
