import { ROLES, type Role } from '@/api/contract/console-schemas'
import type { RoleMapping } from '@/api/contract/sso-settings-schemas'
import { Button } from '@/components/ui/button'
import { FieldError } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import { ROLE_WORDS } from './role-words'

/** Group → role, one row each; a person in several mapped groups gets the highest of their roles. */
export function RoleMapEditor({
  rows,
  onChange,
  errors,
}: {
  rows: RoleMapping[]
  onChange: (rows: RoleMapping[]) => void
  errors: Record<string, string>
}) {
  const change = (index: number, row: RoleMapping) => onChange(rows.map((old, at) => (at === index ? row : old)))
  return (
    <fieldset className="space-y-2" aria-describedby="role-map-hint">
      <legend className="text-sm font-medium">Groups and roles</legend>
      <p id="role-map-hint" className="text-sm text-slate-600 dark:text-slate-400">
        A value of the role claim (a group) and the role it gives. Someone in several gets the highest.
      </p>
      {rows.length === 0 && <p className="text-sm">No group mapped yet.</p>}
      <ul className="space-y-2">
        {rows.map((row, index) => (
          // The rows have no id of their own: their order is what the server's errors name.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index} className="flex flex-wrap items-start gap-2">
            <div>
              <Input
                aria-label={`Group ${index + 1}`}
                value={row.value}
                aria-invalid={errors[`roleMap.${index}.value`] ? true : undefined}
                aria-describedby={errors[`roleMap.${index}.value`] ? `role-map-${index}-error` : undefined}
                onChange={(event) => change(index, { ...row, value: event.target.value })}
              />
              <FieldError id={`role-map-${index}-error`} message={errors[`roleMap.${index}.value`]} />
            </div>
            <Select
              aria-label={`Role for group ${index + 1}`}
              value={row.role}
              onChange={(event) => change(index, { ...row, role: event.target.value as Role })}
            >
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_WORDS[role]}
                </option>
              ))}
            </Select>
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Remove group ${index + 1}`}
              onClick={() => onChange(rows.filter((_, at) => at !== index))}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <FieldError id="role-map-error" message={errors.roleMap} />
      <Button variant="secondary" size="sm" onClick={() => onChange([...rows, { value: '', role: 'support' }])}>
        Add a group
      </Button>
    </fieldset>
  )
}
