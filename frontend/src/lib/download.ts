/**
 * Starts the browser's download of a short-lived link (the server makes it save under the original name). One object
 * so tests can replace `start` with `vi.spyOn(fileDownloader, 'start')`.
 */
export const fileDownloader = {
  start(url: string, name: string): void {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.rel = 'noopener';
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
  },
};
