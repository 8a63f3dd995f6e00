// The row above each admin list: the search box, an optional filter checkbox, and the create
// button on the right. One component so the tabs cannot drift apart (administration §2).
import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

type Props = {
  search: string;
  onSearch: (value: string) => void;
  /** the search box's accessible name, e.g. "Search users" */
  searchLabel: string;
  searchPlaceholder: string;
  /** a checkbox filter beside the search ("Include archived", "Admins only") */
  toggle?: { label: string; checked: boolean; onChange: (checked: boolean) => void };
  createLabel: string;
  onCreate: () => void;
  createDisabled?: boolean;
};

export function AdminToolbar(props: Props) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Input
        aria-label={props.searchLabel}
        placeholder={props.searchPlaceholder}
        value={props.search}
        onChange={(e) => props.onSearch(e.target.value)}
        className="max-w-xs"
      />
      {props.toggle && (
        <Label className="flex items-center gap-2">
          <Checkbox
            checked={props.toggle.checked}
            onCheckedChange={(v) => props.toggle?.onChange(v === true)}
          />
          {props.toggle.label}
        </Label>
      )}
      <Button className="ml-auto" onClick={props.onCreate} disabled={props.createDisabled}>
        <Plus aria-hidden /> {props.createLabel}
      </Button>
    </div>
  );
}
