interface HappyDomWindow {
  happyDOM: { setViewport: (viewport: { width?: number; height?: number }) => void };
}

/** Resizes happy-dom's window, which re-evaluates media queries (the sidebar's 768 px breakpoint). */
export function setViewportWidth(width: number): void {
  (window as unknown as HappyDomWindow).happyDOM.setViewport({ width });
}
