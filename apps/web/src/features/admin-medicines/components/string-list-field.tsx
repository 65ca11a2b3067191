import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { FieldError, Input } from '../../../components/ui/form-field';

/**
 * A list section (uses, side effects) edited as rows: one input per item, added and removed one by
 * one, each with its own message under it. The whole list is one value of the form.
 */
export function StringListField({
  label,
  itemLabel,
  value,
  onChange,
  error,
  itemErrors,
  addLabel,
}: {
  label: string;
  /** 'Use', 'Common side effect': each row's accessible name, with its number. */
  itemLabel: string;
  value: string[];
  onChange: (next: string[]) => void;
  error?: string;
  itemErrors?: readonly ({ message?: string } | undefined)[];
  addLabel: string;
}) {
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-base font-semibold text-slate-900">{label}</legend>
      {value.length === 0 ? <p className="text-sm text-slate-600">None listed.</p> : null}
      <ol className="flex flex-col gap-2">
        {value.map((item, index) => {
          const itemError = itemErrors?.[index]?.message;
          return (
            <li key={index} className="flex flex-col gap-1">
              <div className="flex items-center gap-2">
                <Input
                  aria-label={`${itemLabel} ${index + 1}`}
                  aria-invalid={itemError ? true : undefined}
                  value={item}
                  onChange={(event) =>
                    onChange(value.map((old, at) => (at === index ? event.target.value : old)))
                  }
                />
                <Button
                  type="button"
                  variant="quiet"
                  size="sm"
                  aria-label={`Remove ${itemLabel.toLowerCase()} ${index + 1}`}
                  onClick={() => onChange(value.filter((_, at) => at !== index))}
                  icon={<Trash2 aria-hidden="true" className="size-4" />}
                />
              </div>
              {itemError ? <FieldError>{itemError}</FieldError> : null}
            </li>
          );
        })}
      </ol>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        className="w-fit"
        onClick={() => onChange([...value, ''])}
        icon={<Plus aria-hidden="true" className="size-4" />}
      >
        {addLabel}
      </Button>
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </fieldset>
  );
}
