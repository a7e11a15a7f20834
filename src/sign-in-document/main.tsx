import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { SignInDocument } from './sign-in-document'
import '../styles.css'

const root = document.getElementById('root')
if (!root) throw new Error('sign-in.html has no #root element')
createRoot(root).render(
  <StrictMode>
    <SignInDocument />
  </StrictMode>,
)
