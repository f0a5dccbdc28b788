import enAsk from "@/messages/en/ask.json" with { type: "json" };
import enCommon from "@/messages/en/common.json" with { type: "json" };
import enErrors from "@/messages/en/errors.json" with { type: "json" };
import enLabs from "@/messages/en/labs.json" with { type: "json" };
import enResearch from "@/messages/en/research.json" with { type: "json" };
import enScan from "@/messages/en/scan.json" with { type: "json" };
import enWallet from "@/messages/en/wallet.json" with { type: "json" };
import ptAsk from "@/messages/pt-PT/ask.json" with { type: "json" };
import ptCommon from "@/messages/pt-PT/common.json" with { type: "json" };
import ptErrors from "@/messages/pt-PT/errors.json" with { type: "json" };
import ptLabs from "@/messages/pt-PT/labs.json" with { type: "json" };
import ptResearch from "@/messages/pt-PT/research.json" with { type: "json" };
import ptScan from "@/messages/pt-PT/scan.json" with { type: "json" };
import ptWallet from "@/messages/pt-PT/wallet.json" with { type: "json" };
import type { Locale } from "@/lib/i18n/locales";

// The message catalogues, one file per area and language (messages/<locale>/<area>.json),
// so each area's strings live beside each other. The English catalogue is the
// shape: a key missing from pt-PT fails the catalogue test (lib/i18n/messages.test.ts).

const en = {
  common: enCommon,
  scan: enScan,
  wallet: enWallet,
  ask: enAsk,
  research: enResearch,
  labs: enLabs,
  errors: enErrors,
};

export type Messages = typeof en;

const catalogues: Record<Locale, Messages> = {
  en,
  "pt-PT": {
    common: ptCommon,
    scan: ptScan,
    wallet: ptWallet,
    ask: ptAsk,
    research: ptResearch,
    labs: ptLabs,
    errors: ptErrors,
  } as Messages,
};

export function messagesFor(locale: Locale): Messages {
  return catalogues[locale];
}
