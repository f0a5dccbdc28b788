import type { ComponentProps } from "react";
import { Input } from "@/components/ui/input";
import type { Store } from "@/lib/scan/schemas";
import { foldText } from "@/lib/scan/search-text";

/** The known store a typed name means, whatever its case or accents. */
export function findStore(stores: Store[], name: string): Store | undefined {
  return stores.find((candidate) => foldText(candidate.name) === foldText(name));
}

/**
 * A store's name as a person types it, the known stores offered as they
 * type; a name none of them has makes a new store (the form says so in its
 * hint). Spread a FormField's control and the form's register() into it.
 */
export function StoreInput({ stores, ...input }: ComponentProps<"input"> & { stores: Store[] }) {
  const listId = `${input.id}-stores`;
  return (
    <>
      <Input {...input} list={listId} autoComplete="off" />
      <datalist id={listId}>
        {stores.map((option) => (
          <option key={option.id} value={option.name} />
        ))}
      </datalist>
    </>
  );
}
