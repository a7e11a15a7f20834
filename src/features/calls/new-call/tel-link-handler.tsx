// An offer, below the form and never a prompt of its own, to open phone (`tel:`) links in New call: the browser
// then sends a click on a number in a CRM or a ticket to /calls/new?tel=<the link>, which fills the form in
// (new-call-link.ts). Hidden where the browser has no registerProtocolHandler (Safari, most mobile browsers).
import { useState } from 'react'
import { Button } from '@/components/ui/button'

/** Where the browser sends a `tel:` link; it puts the whole link, percent-encoded, in place of %s. */
const telHandlerUrl = (origin: string) => `${origin}/calls/new?tel=%s`

type Offer = 'offered' | 'asked' | 'refused'

export default function TelLinkHandlerOffer() {
  const [offer, setOffer] = useState<Offer>('offered')
  if (typeof navigator.registerProtocolHandler !== 'function') return null

  function register() {
    try {
      navigator.registerProtocolHandler('tel', telHandlerUrl(window.location.origin))
      setOffer('asked')
    } catch {
      // A browser that will not take this site (an address it does not trust, a policy) says so by throwing.
      setOffer('refused')
    }
  }

  return (
    <section
      aria-labelledby="tel-links"
      className="max-w-2xl border-t border-slate-200 pt-4 text-sm dark:border-slate-800"
    >
      <h2 id="tel-links" className="font-medium">
        Phone links in other tools
      </h2>
      <p className="mt-1 text-slate-600 dark:text-slate-400">
        Open the phone numbers you click in a CRM, a ticket or an email here, filled in and ready to place.
      </p>
      <div className="mt-2" role="status">
        {offer === 'offered' && (
          <Button type="button" size="sm" variant="secondary" onClick={register}>
            Open phone links here
          </Button>
        )}
        {offer === 'asked' && (
          <p>
            Your browser asks you to allow it (in the address bar, or its settings under “handlers”). Then a phone link
            opens New call here, and nothing is placed until you press Place call.
          </p>
        )}
        {offer === 'refused' && (
          <p>This browser does not let this address open phone links. Your administrator can serve it over HTTPS.</p>
        )}
      </div>
    </section>
  )
}
