// The header menu once JavaScript runs: Headless UI's Menu (loaded lazily by nav-menu.tsx).
import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import { useSubmit } from "react-router";
import { Link } from "#app/components/link.tsx";
import ChevronDownIcon from "lucide-react/icons/chevron-down";
import { inlineIconClass } from "./icons";
import { buttonClass, itemClass, panelClass, type NavMenuEntry } from "./nav-menu-parts";

export default function HeadlessNavMenu({ label, entries }: { label: string; entries: NavMenuEntry[] }) {
  const submit = useSubmit();
  return (
    <Menu as="div" className="relative">
      <MenuButton className={buttonClass}>
        {label} <ChevronDownIcon aria-hidden="true" className={inlineIconClass} />
      </MenuButton>
      <MenuItems className={panelClass} modal={false}>
        {entries.map((entry) => (
          <MenuItem key={entry.to}>
            {entry.post ? (
              // A menu item must be the button itself; the POST goes through useSubmit (state changes never use GET).
              <button
                type="button"
                className={itemClass}
                onClick={() => void submit(null, { method: "post", action: entry.to })}
              >
                {entry.label}
              </button>
            ) : (
              <Link to={entry.to} className={itemClass}>
                {entry.label}
              </Link>
            )}
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
