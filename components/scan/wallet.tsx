"use client";

import { useMemo, useRef, useState } from "react";
import useSWR from "swr";
import { AddCardSheet } from "@/components/scan/add-card-sheet";
import { CheckoutView } from "@/components/scan/checkout-view";
import { ImportSheet } from "@/components/scan/import-sheet";
import { refreshOfflineCopy } from "@/components/scan/service-worker";
import { useLocalSetting, useMounted, useOnline } from "@/components/scan/use-browser";
import { useUrlParam } from "@/components/scan/use-url-param";
import { pageHref, PageLinks } from "@/components/ui/page-links";
import { fetcher, postJson } from "@/lib/http/fetcher";
import type { Card, ImportCardsResponse, ListCardsResponse, ListStoresResponse, Store } from "@/lib/scan/schemas";
import { cardTail, groupCards, searchCards, storeHue, storeInitials, storeSiblings } from "@/lib/scan/wallet";

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
  const mounted = useMounted();
  const online = useOnline();
  // The same page as the HTML: the API's default page size is the wallet's.
  const { data, mutate } = useSWR<ListCardsResponse>(pageHref(CARDS_KEY, { cursor: page.cursor }), fetcher, {
    fallbackData: { ok: true, cards: initialCards, next: page.next },
  });
  const { data: storeData, mutate: mutateStores } = useSWR<ListStoresResponse>(STORES_KEY, fetcher, {
    fallbackData: { ok: true, stores: initialStores },
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
  const visible = useMemo(() => {
    const mine = person ? cards.filter((card) => card.person_id === person.id) : cards;
    return groupCards(searchCards(mine, query));
  }, [cards, person, query]);

  const openCard = mounted ? cards.find((card) => String(card.id) === checkout.value) : undefined;
  const siblings = openCard ? storeSiblings(cards, openCard) : [];

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
    say(`${card.store_name} card added.`);
    refreshOfflineCopy();
  };

  const imported = (result: ImportCardsResponse) => {
    void mutate();
    void mutateStores();
    importing.close();
    const count = result.add.length;
    const skipped = result.duplicates.length + result.errors.length;
    say(`${count} ${count === 1 ? "card" : "cards"} imported${skipped > 0 ? `, ${skipped} skipped` : ""}.`);
    refreshOfflineCopy();
  };

  const remove = async (card: Card) => {
    await postJson(`/base-scan/api/cards/${card.id}/delete`, {});
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
    say(`${card.store_name} card deleted.`);
    refreshOfflineCopy();
  };

  return (
    <>
      <header className="mb-3 flex items-baseline justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight ui-b:text-xl ui-c:text-3xl">Scan wallet</h1>
        <p className="text-sm text-slate-500 ui-d:text-slate-300" data-testid="wallet-count">
          {paged ? `${cards.length} of ${page.total} cards` : cards.length === 1 ? "1 card" : `${cards.length} cards`}
        </p>
      </header>

      {!online ? (
        <p role="status" className="mb-3 rounded-lg bg-amber-100 px-3 py-2 text-sm text-amber-900">
          Offline: your cards still work at the till. Changes need a connection.
        </p>
      ) : null}

      <div className="sticky top-0 z-10 -mx-4 bg-slate-50/95 px-4 pt-1 pb-3 backdrop-blur ui-d:bg-black/95">
        <input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search store, label or number"
          aria-label="Search cards"
          enterKeyHint="search"
          autoComplete="off"
          className="surface h-12 w-full rounded-xl border border-slate-300 bg-white px-4 text-base shadow-sm ui-b:h-9 ui-c:h-14 ui-c:text-lg"
        />
        {cardPeople.length > 1 ? (
          <div className="mt-2 flex gap-2 overflow-x-auto" role="group" aria-label="Whose cards">
            {[{ id: null, name: "Everyone" }, ...cardPeople].map((option) => {
              const chosen = (person?.id ?? null) === option.id;
              return (
                <button
                  key={option.id ?? "all"}
                  type="button"
                  aria-pressed={chosen}
                  onClick={() => setPersonSetting(option.id === null ? null : String(option.id))}
                  className={`h-10 shrink-0 rounded-full border px-4 text-sm font-medium ui-c:h-12 ui-c:text-base ${chosen ? "border-brand bg-brand text-white ui-d:border-yellow-300 ui-d:bg-yellow-300 ui-d:text-black" : "surface border-slate-300 bg-white text-slate-700"}`}
                >
                  {option.name}
                </button>
              );
            })}
          </div>
        ) : null}
      </div>

      {paged && query.trim() ? (
        <p className="mb-3 text-sm text-slate-600 ui-d:text-slate-300">Searching the cards on this page.</p>
      ) : null}

      {cards.length === 0 && page.cursor !== null ? (
        <p className="mt-6 text-center text-slate-600 ui-d:text-slate-300">No more cards.</p>
      ) : cards.length === 0 ? (
        <div className="surface mt-6 rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center">
          <p className="text-lg font-medium">No cards yet</p>
          <p className="mt-1 text-slate-600 ui-d:text-slate-300">
            Add your loyalty cards once; show them at the till from here, even without signal.
          </p>
          <button
            type="button"
            onClick={() => importing.open("1")}
            disabled={!online}
            className="mt-3 min-h-11 font-medium text-brand underline disabled:opacity-60 ui-d:text-yellow-300"
          >
            Import them from Catima or a CSV
          </button>
        </div>
      ) : visible.length === 0 ? (
        <p className="mt-6 text-center text-slate-600 ui-d:text-slate-300">No card matches “{query.trim()}”.</p>
      ) : (
        <div className="space-y-6">
          {visible.map((group) => (
            <section key={group.personId} aria-label={`${group.personName}’s cards`}>
              <h2 className="mb-2 text-sm font-semibold tracking-wide text-slate-500 uppercase ui-d:text-slate-300">
                {group.personName} <span className="font-normal">· {group.cards.length}</span>
              </h2>
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 ui-b:gap-2">
                {group.cards.map((card) => (
                  <li key={card.id}>
                    <CardTile card={card} onOpen={() => checkout.open(String(card.id))} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}

      <div className="mt-4">
        <PageLinks
          label="More cards"
          first={page.cursor !== null ? `${prefix}/base-scan/` : null}
          more={nextPage ? pageHref(`${prefix}/base-scan/`, { cursor: nextPage }) : null}
          firstLabel="First cards"
          moreLabel="More cards"
        />
      </div>

      <section aria-labelledby="wallet-move" className="mt-6 border-t border-slate-200 pt-4 pb-28">
        <h2
          id="wallet-move"
          className="text-sm font-semibold tracking-wide text-slate-500 uppercase ui-d:text-slate-300"
        >
          Move cards
        </h2>
        <div className="mt-2 flex flex-wrap gap-2">
          <button
            type="button"
            onClick={() => importing.open("1")}
            disabled={!online}
            className="surface h-11 rounded-full border border-slate-300 bg-white px-4 text-base font-medium text-slate-800 disabled:opacity-60"
          >
            Import cards
          </button>
          <a
            href={`${EXPORT_URL}?format=catima`}
            download
            className="surface inline-flex h-11 items-center rounded-full border border-slate-300 bg-white px-4 text-base font-medium text-slate-800"
          >
            Export for Catima
          </a>
          <a
            href={`${EXPORT_URL}?format=csv`}
            download
            className="surface inline-flex h-11 items-center rounded-full border border-slate-300 bg-white px-4 text-base font-medium text-slate-800"
          >
            Export CSV
          </a>
        </div>
      </section>

      <button
        type="button"
        onClick={() => adding.open("1")}
        className="fixed right-4 bottom-20 z-30 flex h-14 items-center gap-2 rounded-full bg-brand px-6 text-base font-semibold text-white shadow-lg md:bottom-6 ui-c:h-16 ui-c:text-lg ui-d:bg-yellow-300 ui-d:text-black"
      >
        <span aria-hidden="true" className="text-2xl leading-none">
          +
        </span>
        Add card
      </button>

      {toast ? (
        <p
          role="status"
          className="fixed inset-x-4 bottom-36 z-40 mx-auto max-w-sm rounded-xl bg-slate-900 px-4 py-3 text-center text-white shadow-lg md:bottom-24"
        >
          {toast}
        </p>
      ) : null}

      {mounted && adding.value ? (
        <AddCardSheet
          stores={stores}
          people={people.length > 0 ? people : cardPeople}
          defaultPerson={person?.name ?? null}
          onAdded={added}
          onClose={adding.close}
        />
      ) : null}

      {mounted && importing.value ? (
        <ImportSheet
          people={people.length > 0 ? people : cardPeople}
          defaultPerson={person?.name ?? null}
          onImported={imported}
          onClose={importing.close}
        />
      ) : null}

      {openCard ? (
        <CheckoutView
          card={openCard}
          siblings={siblings}
          onNavigate={(card) => checkout.replace(String(card.id))}
          onClose={checkout.close}
          onDelete={remove}
        />
      ) : null}
    </>
  );
}

function CardTile({ card, onOpen }: { card: Card; onOpen: () => void }) {
  const hue = storeHue(card.store_name);
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={`${card.store_name}, ${card.person_name}${card.label ? `, ${card.label}` : ""}, card ${card.card_value}`}
      style={{ backgroundColor: `hsl(${hue} 55% 36%)` }}
      className="flex h-28 w-full flex-col justify-between rounded-2xl p-3 text-left text-white shadow-sm active:scale-[0.98] ui-b:h-20 ui-b:rounded-lg ui-b:p-2 ui-c:h-32 ui-d:ring-2 ui-d:ring-white"
    >
      <span className="flex items-start gap-2">
        <span
          aria-hidden="true"
          className="flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-white/20 text-sm font-bold ui-b:h-6 ui-b:w-6 ui-b:text-xs"
        >
          {storeInitials(card.store_name)}
        </span>
        <span className="line-clamp-2 text-base leading-tight font-semibold break-words ui-c:text-lg">
          {card.store_name}
        </span>
      </span>
      <span className="min-w-0">
        {card.label ? <span className="block truncate text-sm text-white/90">{card.label}</span> : null}
        <span className="block truncate font-mono text-sm text-white/80">{cardTail(card.card_value)}</span>
      </span>
    </button>
  );
}
