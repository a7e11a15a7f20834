import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app'
import { loadRememberedPhoneFormats } from './lib/phone-format-loading'
import './styles.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
// Fetched beside the first page's data rather than after it; nothing waits for them.
loadRememberedPhoneFormats()
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
