// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { dialogOpen, isTypingIn } from './key-context'

afterEach(() => {
  document.body.innerHTML = ''
})

describe('isTypingIn', () => {
  it('is true in every kind of field, and in contenteditable', () => {
    document.body.innerHTML = `
      <input id="a"><textarea id="b"></textarea><select id="c"></select>
      <div contenteditable="true"><p id="d">text</p></div>`
    for (const id of ['a', 'b', 'c', 'd']) expect(isTypingIn(document.getElementById(id))).toBe(true)
  })

  it('is false on the page, a link, a button or a row', () => {
    document.body.innerHTML = `<a id="a" href="/">x</a><button id="b">x</button><div contenteditable="false" id="c"></div>`
    for (const target of [document.body, ...['a', 'b', 'c'].map((id) => document.getElementById(id))]) {
      expect(isTypingIn(target)).toBe(false)
    }
    expect(isTypingIn(null)).toBe(false)
  })

  it('is false in the field of a dialog that has closed, whose focus the platform has not yet moved out', () => {
    document.body.innerHTML = '<dialog open><input id="a"></dialog><dialog><input id="b"></dialog>'
    expect(isTypingIn(document.getElementById('a'))).toBe(true)
    expect(isTypingIn(document.getElementById('b'))).toBe(false)
  })
})

describe('dialogOpen', () => {
  it('is true while a dialog is open only', () => {
    document.body.innerHTML = '<dialog></dialog>'
    expect(dialogOpen()).toBe(false)
    document.querySelector('dialog')?.setAttribute('open', '')
    expect(dialogOpen()).toBe(true)
  })
})
