/**
 * Time zone abbreviations PHP's DateTimeZone accepts, with the fixed offset (minutes east of UTC)
 * it applies to them. Abbreviations carry no daylight-saving rules: "CEST" is always +02:00.
 */
export const ZONE_ABBREVIATIONS: Readonly<Record<string, number>> = {
  ACDT: 630, ACST: 570, ADDT: -120, ADT: -180, AEDT: 660, AEST: 600, AHDT: -540, AHST: -600, AKDT: -480,
  AKST: -540, AMT: -230, APT: -180, AST: -240, AWDT: 540, AWST: 480, AWT: -180, BDST: 120, BDT: -600,
  BMT: -238, BST: 60, CAST: 570, CAT: 120, CDDT: -240, CDT: -300, CEMT: 180, CEST: 120, CET: 60, CMT: -256,
  CPT: -300, CST: -360, CWT: -300, CHST: 600, DMT: -25, EAT: 180, EDDT: -180, EDT: -240, EEST: 180, EET: 120,
  EMT: -437, EPT: -240, EST: -300, EWT: -240, FFMT: -244, FMT: -67, GDT: 660, GMT: 0, GST: 600, HDT: -570,
  HKST: 540, HKT: 480, HMT: -329, HPT: -570, HST: -600, HWT: -570, IDDT: 240, IDT: 180, IMT: 417, IST: 120,
  JDT: 600, JMT: 140, JST: 540, KDT: 600, KMT: 95, KST: 510, LST: 156, MDDT: -300, MDST: 271, MDT: -360,
  MEST: 120, MET: 60, MMT: 150, MPT: -360, MSD: 240, MSK: 180, MST: -420, MWT: -360, NDDT: -90, NDT: -150,
  NPT: -150, NST: -210, NWT: -150, NZDT: 780, NZMT: 690, NZST: 720, PDDT: -360, PDT: -420, PKST: 360,
  PKT: 300, PLMT: 426, PMT: -220, PPMT: -289, PPT: -420, PST: -480, PWT: -420, QMT: -314, RMT: 96, SAST: 120,
  SDMT: -280, SJMT: -336, SMT: -231, SST: -660, TBMT: 179, TMT: 205, UCT: 0, UTC: 0, WAST: 120, WAT: 60,
  WEMT: 120, WEST: 60, WET: 0, WIB: 420, WITA: 480, WIT: 540, WMT: 84, YDDT: -420, YDT: -480, YPT: -480,
  YST: -540, YWT: -480,
};

/** Military one-letter zones: A–I and K–M are +1…+12 hours, N–Y are −1…−12, Z is UTC. */
export function militaryZoneOffset(letter: string): number | undefined {
  if (!/^[A-Z]$/.test(letter) || letter === "J") return undefined;
  if (letter === "Z") return 0;
  const code = letter.charCodeAt(0);
  if (letter <= "I") return (code - 64) * 60;
  if (letter <= "M") return (code - 65) * 60;
  return -(code - 77) * 60;
}
