"use client";

import { useTranslations } from "next-intl";
import { useMemo, useRef, useState } from "react";
import useSWR from "swr";
import { AddCardSheet } from "@/components/scan/add-card-sheet";
import { useBalanceText, useExpiryBadgeText } from "@/components/scan/card-facts";
import { CheckoutView } from "@/components/scan/checkout-view";
import { ImportSheet } from "@/components/scan/import-sheet";
import { refreshOfflineCopy } from "@/components/scan/service-worker";
import { useLocalSetting, useMounted, useOnline } from "@/components/scan/use-browser";
import { useUrlParam } from "@/components/scan/use-url-param";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClass, fabClass } from "@/components/ui/button";
import { chipClass } from "@/components/ui/chip";
import { Input } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { pageHref, PageLinks } from "@/components/ui/page-links";
import { fetcher, api } from "@/lib/http/client-api";
import type { Card, ImportCardsResponse, ListCardsResponse, ListStoresResponse, Store } from "@/lib/scan/schemas";
import { expiryState } from "@/lib/scan/card-dates";
import {
  cardTail,
  groupCards,
  type PersonGroup,
  searchCards,
  storeHue,
  storeInitials,
  storeSiblings,
} from "@/lib/scan/wallet";

const CARDS_KEY = "/base-scan/api/cards";
const STORES_KEY = "/base-scan/api/stores";
const PERSON_SETTING = "scan-wallet-person";
const EXPORT_URL = "/base-scan/api/export";

/** Which page of cards the wallet shows: its `cursor` (null for the first), the `next` one, and how many cards there are. */
export type WalletPage = { cursor: string | null; next: string | null; total: number };

/**
 * The wallet: one page of cards grouped by person and store, instant search
 * within it, a tap opens the checkout view (`?card=<id>`), “Add card” opens
 * the form (`?add=1`), “Import cards” the import sheet (`?import=1`), links
 * lead to the other pages (`?cursor=`) and to the exports. The cards
 * arrive in the page's HTML, so the service worker's copy of the page is a
 * working wallet with no signal.
 */
export function Wallet({
  initialCards,
  initialStores,
  people,
  page,
  prefix,
}: {
  initialCards: Card[];
  initialStores: Store[];
  people: { id: number; name: string }[];
  page: WalletPage;
  prefix: string;
}) {
  const t = useTranslations("wallet.page");
  const mounted = useMounted();
  const online = useOnline();
  // The same page as the HTML: the API's default page size is the wallet's.
  const { data, mutate } = useSWR<ListCardsResponse>(pageHref(CARDS_KEY, { cursor: page.cursor }), fetcher, {
    fallbackData: { ok: true, cards: initialCards, next: page.next },
  });
  // The first page of stores, as the HTML has it: the names the add-card
  // form suggests. A store past it is still found by name when a card is added.
  const { data: storeData, mutate: mutateStores } = useSWR<ListStoresResponse>(STORES_KEY, fetcher, {
    fallbackData: { ok: true, stores: initialStores, next: null },
    revalidateOnMount: false,
  });
  const cards = data?.cards ?? initialCards;
  const nextPage = data ? data.next : page.next;
  const paged = page.cursor !== null || nextPage !== null;
  const stores = storeData?.stores ?? initialStores;

  const [query, setQuery] = useState("");
  const [personSetting, setPersonSetting] = useLocalSetting(PERSON_SETTING);
  const [toast, setToast] = useState<string | null>(null);
  const toastTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const checkout = useUrlParam("card");
  const adding = useUrlParam("add");
  const importing = useUrlParam("import");

  const cardPeople = useMemo(
    () => groupCards(cards).map((group) => ({ id: group.personId, name: group.personName })),
    [cards],
  );
  const person = cardPeople.find((candidate) => String(candidate.id) === personSetting) ?? null;
  // Archived cards wait, folded, below the others (a <details>, so that
  // without JavaScript too); a search opens them.
  const { visible, archived } = useMemo(() => {
    const mine = searchCards(person ? cards.filter((card) => card.person_id === person.id) : cards, query);
    return {
      visible: groupCards(mine.filter((card) => !card.archived)),
      archived: groupCards(mine.filter((card) => card.archived)),
    };
  }, [cards, person, query]);
  const archivedCount = archived.reduce((count, group) => count + group.cards.length, 0);

  const openCard = mounted ? cards.find((card) => String(card.id) === checkout.value) : undefined;
  const siblings = openCard ? storeSiblings(cards, openCard) : [];

  const saved = (card: Card) => {
    void mutate(
      (current) => ({
        ok: true,
        cards: (current?.cards ?? cards).map((c) => (c.id === card.id ? card : c)),
        next: current ? current.next : nextPage,
      }),
      { revalidate: false },
    );
    refreshOfflineCopy();
  };

  const say = (message: string) => {
    setToast(message);
    clearTimeout(toastTimer.current);
    toastTimer.current = setTimeout(() => setToast(null), 4000);
  };

  const added = (card: Card) => {
    void mutate(
      (current) => ({
        ok: true,
        cards: [...(current?.cards ?? cards).filter((c) => c.id !== card.id), card],
        next: current ? current.next : nextPage,
      }),
      { revalidate: false },
    );
    if (!stores.some((store) => store.id === card.store_id)) void mutateStores();
    adding.close();
    say(t("added", { store: card.store_name }));
    refreshOfflineCopy();
  };

  const imported = (result: ImportCardsResponse) => {
    void mutate();
    void mutateStores();
    importing.close();
    say(t("imported", { count: result.add.length, skipped: result.duplicates.length + result.errors.length }));
    refreshOfflineCopy();
  };

  const remove = async (card: Card) => {
    await api(`/base-scan/api/cards/${card.id}/delete`, { method: "POST", json: {} });
    const rest = siblings.filter((other) => other.id !== card.id);
    const position = siblings.findIndex((other) => other.id === card.id);
    const next = rest.length > 0 ? rest[Math.min(position, rest.length - 1)] : undefined;
    void mutate(
      (current) => ({
        ok: true,
        cards: (current?.cards ?? cards).filter((c) => c.id !== card.id),
        next: current ? current.next : nextPage,
      }),
      { revalidate: false },
    );
    if (next) checkout.replace(String(next.id));
    else checkout.close();
    say(t("deleted", { store: card.store_name }));
    refreshOfflineCopy();
  };

  return (
    <>
      <header className="mb-3 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h1 className="text-2xl font-semibold tracking-tight ui-b:text-xl ui-c:text-3xl">{t("title")}</h1>
        <p className="text-sm text-muted" data-testid="wallet-count">
          {paged ? t("countPaged", { shown: cards.length, total: page.total }) : t("count", { count: cards.length })}
        </p>
      </header>

      {!online ? (
        <Notice tone="warn" className="mb-3">
          {t("offline")}
        </Notice>
      ) : null}

      <div className="sticky top-0 z-10 -mx-4 bg-page px-4 pt-1 pb-3 ui-c:-mx-5 ui-c:px-5">
        <Input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t("searchPlaceholder")}
          aria-label={t("searchLabel")}
          enterKeyHint="search"
          autoComplete="off"
          className="rounded-xl shadow-sm"
        />
        {cardPeople.length > 1 ? (
          <div className="mt-2 flex gap-2 overflow-x-auto" role="group" aria-label={t("whose")}>
            {[{ id: null, name: t("everyone") }, ...cardPeople].map((option) => {
              const chosen = (person?.id ?? null) === option.id;
              return (
                <button
                  key={option.id ?? "all"}
                  type="button"
                  aria-pressed={chosen}
                  onClick={() => setPersonSetting(option.id === null ? null : String(option.id))}
                  className={chipClass("pressed")}
                >
                  {option.name}
                </button>
              );
            })}
          </div>
        ) : null}
      </div>

      {paged && query.trim() ? <p className="mb-3 text-sm text-muted">{t("searchingPage")}</p> : null}

      {cards.length === 0 && page.cursor !== null ? (
        <p className="mt-6 text-center text-muted">{t("noMore")}</p>
      ) : cards.length === 0 ? (
        <div className="surface mt-6 rounded-2xl border border-dashed border-line-strong bg-surface p-6 text-center">
          <p className="text-lg font-medium">{t("emptyTitle")}</p>
          <p className="mt-1 text-muted">{t("emptyBody")}</p>
          <Button kind="link" onClick={() => importing.open("1")} disabled={!online} className="mt-3">
            {t("emptyImport")}
          </Button>
        </div>
      ) : visible.length === 0 && archivedCount === 0 ? (
        <p role="status" className="mt-6 text-center text-muted">
          {t("noMatch", { query: query.trim() })}
        </p>
      ) : (
        <>
          <CardGroups groups={visible} onOpen={(card) => checkout.open(String(card.id))} />
          {archivedCount > 0 ? (
            <details className="mt-6" open={query.trim() ? true : undefined} data-testid="archived-cards">
              <summary className="flex min-h-12 cursor-pointer items-center text-sm font-semibold tracking-wide text-muted uppercase">
                {t("showArchived", { count: archivedCount })}
              </summary>
              <div className="mt-2">
                <CardGroups groups={archived} onOpen={(card) => checkout.open(String(card.id))} />
              </div>
            </details>
          ) : null}
        </>
      )}

      <div className="mt-4">
        <PageLinks
          label={t("pagesLabel")}
          first={page.cursor !== null ? `${prefix}/base-scan/` : null}
          more={nextPage ? pageHref(`${prefix}/base-scan/`, { cursor: nextPage }) : null}
          firstLabel={t("firstPage")}
          moreLabel={t("nextPage")}
        />
      </div>

      <section aria-labelledby="wallet-move" className="mt-6 border-t border-line pt-4 pb-28">
        <h2 id="wallet-move" className="text-sm font-semibold tracking-wide text-muted uppercase">
          {t("moveTitle")}
        </h2>
        <div className="mt-2 flex flex-wrap gap-2">
          <Button kind="secondary" onClick={() => importing.open("1")} disabled={!online} className="rounded-full">
            {t("import")}
          </Button>
          <a href={`${EXPORT_URL}?format=catima`} download className={`${buttonClass("secondary")} rounded-full`}>
            {t("exportCatima")}
          </a>
          <a href={`${EXPORT_URL}?format=csv`} download className={`${buttonClass("secondary")} rounded-full`}>
            {t("exportCsv")}
          </a>
        </div>
      </section>

      <button type="button" onClick={() => adding.open("1")} className={fabClass("right")}>
        <span aria-hidden="true" className="text-2xl leading-none">
          +
        </span>
        {t("add")}
      </button>

      {toast ? (
        <p
          role="status"
          className="fixed inset-x-4 bottom-36 z-40 mx-auto max-w-sm rounded-xl bg-fg px-4 py-3 text-center text-page shadow-lg md:bottom-24"
        >
          {toast}
        </p>
      ) : null}

      <AddCardSheet
        open={mounted && Boolean(adding.value)}
        stores={stores}
        people={people.length > 0 ? people : cardPeople}
        defaultPerson={person?.name ?? null}
        shared={adding.value === "shared"}
        onAdded={added}
        onClose={adding.close}
      />

      <ImportSheet
        open={mounted && Boolean(importing.value)}
        people={people.length > 0 ? people : cardPeople}
        defaultPerson={person?.name ?? null}
        onImported={imported}
        onClose={importing.close}
      />

      {openCard ? (
        <CheckoutView
          card={openCard}
          siblings={siblings}
          onNavigate={(card) => checkout.replace(String(card.id))}
          onClose={checkout.close}
          onDelete={remove}
          onSaved={saved}
        />
      ) : null}
    </>
  );
}

/** Each person's cards under their name, as tiles. */
function CardGroups({ groups, onOpen }: { groups: PersonGroup[]; onOpen: (card: Card) => void }) {
  const t = useTranslations("wallet.page");
  return (
    <div className="space-y-6">
      {groups.map((group) => (
        <section key={group.personId} aria-label={t("groupLabel", { name: group.personName })}>
          <h2 className="mb-2 text-sm font-semibold tracking-wide text-muted uppercase">
            {group.personName} <span className="font-normal">· {group.cards.length}</span>
          </h2>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 ui-b:gap-2">
            {group.cards.map((card) => (
              <li key={card.id}>
                <CardTile card={card} onOpen={() => onOpen(card)} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function CardTile({ card, onOpen }: { card: Card; onOpen: () => void }) {
  const t = useTranslations("wallet.page");
  const tCard = useTranslations("wallet.card");
  const balanceText = useBalanceText();
  const badgeText = useExpiryBadgeText();
  const hue = storeHue(card.store_name);
  const expired = expiryState(card.expiry) === "expired";
  const balance = balanceText(card);
  const label = card.label || firstLine(card.note);
  // The tile's words in the order it shows them (store, label, balance,
  // expiry), then whose card and its number, then what only the eye gets.
  const badge = badgeText(card);
  const shown = [label, balance, badge].filter(Boolean).join(", ");
  const name = [
    shown
      ? t("tileWithLabel", { store: card.store_name, person: card.person_name, label: shown, value: shownNumber(card) })
      : t("tile", { store: card.store_name, person: card.person_name, value: shownNumber(card) }),
    ...(card.starred ? [tCard("starred")] : []),
    ...(card.archived ? [tCard("archived")] : []),
  ].join(", ");
  // The store's own colour, the same in every variant: white type on a dark
  // hue (28% lightness keeps 4.5:1 for every hue), or the card's own header
  // colour darkened the same way. The name starts with the words the tile
  // shows (store, label), so a spoken command finds it; the initials and the
  // number's tail are drawn by CSS, decoration beside the name, which says
  // the whole number. An expired card stays, greyed, until archived or deleted.
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={name}
      style={{
        backgroundColor: card.header_color
          ? `color-mix(in srgb, ${card.header_color} 45%, #000)`
          : `hsl(${hue} 55% 28%)`,
        color: "#fff",
      }}
      className={`flex h-28 w-full flex-col justify-between rounded-2xl p-3 text-left shadow-sm active:scale-[0.98] ui-b:h-20 ui-b:rounded-lg ui-b:p-2 ui-c:h-32 ui-d:ring-2 ui-d:ring-fg ${expired || card.archived ? "grayscale" : ""}`}
    >
      <span className="flex min-w-0 items-start gap-2">
        {card.photos.icon ? (
          // The card's own icon (a pass's logo, Catima's icon): decoration, as the initials are.
          // eslint-disable-next-line @next/next/no-img-element -- our own API's picture, a few KiB
          <img
            src={card.photos.icon}
            alt=""
            className="h-8 w-8 shrink-0 rounded-lg bg-white object-contain ui-b:h-6 ui-b:w-6"
          />
        ) : (
          <span
            aria-hidden="true"
            data-initials={storeInitials(card.store_name)}
            style={{ backgroundColor: "rgb(0 0 0 / 0.25)" }}
            className="flex h-8 w-8 shrink-0 items-center justify-center rounded-lg text-sm font-bold before:content-[attr(data-initials)] ui-b:h-6 ui-b:w-6 ui-b:text-xs"
          />
        )}
        <span className="line-clamp-2 min-w-0 flex-1 text-base leading-tight font-semibold break-words ui-c:text-lg">
          {card.store_name}
        </span>
        {/* Drawn, not written: the tile's name says "starred". */}
        {card.starred ? (
          <span aria-hidden="true" className="shrink-0 text-base leading-none before:content-['★']" />
        ) : null}
      </span>{" "}
      {/* The space keeps the store and the label apart as words, as in the tile's name. */}
      <span className="min-w-0">
        {label ? <span className="block truncate text-sm">{label}</span> : null}
        <span className="flex min-w-0 items-center gap-1.5">
          {/* The whole number is in the tile's name; its tail is for the eye. */}
          <span
            aria-hidden="true"
            data-tail={cardTail(shownNumber(card))}
            className="min-w-0 flex-1 truncate font-mono text-sm after:content-[attr(data-tail)]"
          />
          {/* Drawn by CSS like the tail: the tile's name says them, in this order. */}
          {balance ? (
            <span
              aria-hidden="true"
              data-balance={balance}
              className="shrink-0 text-xs font-semibold tabular-nums after:content-[attr(data-balance)]"
            />
          ) : null}
          {badge ? (
            <span aria-hidden="true" className="shrink-0">
              <Badge tone={expired ? "danger" : "warn"}>
                <span data-badge={badge} className="after:content-[attr(data-badge)]" />
              </Badge>
            </span>
          ) : null}
        </span>
      </span>
    </button>
  );
}

/** The number a person reads off the card: the printed one where it differs from the barcode's. */
function shownNumber(card: Card): string {
  return card.printed_number ?? card.card_value;
}

function firstLine(text: string): string {
  return text.split("\n", 1)[0]!.trim();
}
