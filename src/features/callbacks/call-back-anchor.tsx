import { useRouter } from '@tanstack/react-router'
import type { ComponentProps } from 'react'
import type { Callback } from '@/api/contract/callback-schemas'
import { buttonVariants } from '@/components/ui/button'
import { callBackHref } from './call-back-link'

/**
 * "Call back": a real link (it opens in a new tab, and its address can be copied), followed in the page by the router.
 * A link rather than a typed route: New call reads these parameters with its own schema (the agreed link).
 */
export function CallBackAnchor({
  callback,
  ...props
}: { callback: Pick<Callback, 'id' | 'number' | 'caller_id' | 'metadata'> } & ComponentProps<'a'>) {
  const router = useRouter()
  const href = callBackHref(callback)
  return (
    <a
      href={href}
      className={buttonVariants({ variant: 'primary', size: 'xs' })}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
        event.preventDefault()
        void router.navigate({ href })
      }}
      {...props}
    >
      Call back
    </a>
  )
}
