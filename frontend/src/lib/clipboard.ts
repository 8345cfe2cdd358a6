/**
 * Copies text to the clipboard; false when the browser refuses (no permission, an insecure page, or
 * too long after the tap), so the caller can show the text for the user to copy by hand.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
