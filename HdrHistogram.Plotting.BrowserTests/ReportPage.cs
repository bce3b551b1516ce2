using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using HdrHistogram.Tool;
using Microsoft.Playwright;

namespace HdrHistogram.Plotting.BrowserTests;

/// <summary>
/// A report loaded in headless Chromium, recording every request and script error from its load on; and the hdr tool
/// run in-process, to write the pages and to print what they are compared with. The page is the tests' shared page
/// (<see cref="SharedBrowser.PageAsync"/>), or for other settings (JavaScript off, a time zone) a context of its own.
/// </summary>
internal sealed class ReportPage : IAsyncDisposable
{
    private IBrowserContext? _ownContext;

    public IPage Page { get; private set; } = null!;

    public List<string> Requests { get; } = new();

    public List<string> Errors { get; } = new();

    /// <summary>
    /// Loads <paramref name="url"/> (a file path, or a file:// address with a fragment) afresh: after a blank page, so an
    /// address that differs from the page's only in its fragment is loaded again, not scrolled to.
    /// </summary>
    public static async Task<ReportPage> Open(SharedBrowser browser, string url, bool javaScript = true, string? timezone = null)
    {
        var session = new ReportPage();
        if (javaScript && timezone is null)
        {
            session.Page = await browser.PageAsync();
            await session.Page.GotoAsync("about:blank");
        }
        else
        {
            session._ownContext = await (await browser.GetAsync()).NewContextAsync(SharedBrowser.ContextOptions(javaScript, timezone));
            session.Page = await session._ownContext.NewPageAsync();
        }

        session.Page.Request += session.OnRequest;
        session.Page.PageError += session.OnPageError;
        await session.Page.GotoAsync(url.Contains("://", StringComparison.Ordinal) ? url : new Uri(url).AbsoluteUri);
        return session;
    }

    /// <summary>Drags across the timeline from time <paramref name="from"/> to <paramref name="to"/> (seconds since the log's start).</summary>
    public async Task DragTimeline(double from, double to)
    {
        // Mouse events reach only what is in the viewport.
        await Page.Locator("#timeline-figure svg.interactive").ScrollIntoViewIfNeededAsync();
        var a = await Page.EvaluateAsync<double[]>("t => window.hdrReport.charts[1].screenOfTime(t)", from);
        var b = await Page.EvaluateAsync<double[]>("t => window.hdrReport.charts[1].screenOfTime(t)", to);
        await Page.Mouse.MoveAsync((float)a[0], (float)a[1]);
        await Page.Mouse.DownAsync();
        await Page.Mouse.MoveAsync((float)((a[0] + b[0]) / 2), (float)a[1], new MouseMoveOptions { Steps = 3 });
        await Page.Mouse.MoveAsync((float)b[0], (float)b[1], new MouseMoveOptions { Steps = 3 });
        await Page.Mouse.UpAsync();
    }

    /// <summary>The cells of the range table's row of timeline series <paramref name="series"/>, by column name.</summary>
    public async Task<Dictionary<string, string>> RangeRow(int series = 0)
    {
        var cells = Page.Locator("#range-summary tr[data-series='" + series + "'] td[data-col]");
        var names = await cells.EvaluateAllAsync<string[]>("cells => cells.map(c => c.getAttribute('data-col'))");
        var texts = await cells.AllInnerTextsAsync();
        return names.Zip(texts).ToDictionary(p => p.First, p => p.Second);
    }

    /// <summary>Stops recording; closes the context if the page had one of its own.</summary>
    public async ValueTask DisposeAsync()
    {
        Page.Request -= OnRequest;
        Page.PageError -= OnPageError;
        if (_ownContext is not null)
        {
            await _ownContext.DisposeAsync();
        }
    }

    private void OnRequest(object? sender, IRequest request) => Requests.Add(request.Url);

    private void OnPageError(object? sender, string error) => Errors.Add(error);

    /// <summary>Runs the hdr tool in-process; returns its exit code, standard output and standard error.</summary>
    public static (int ExitCode, string Out, string Error) Hdr(params string[] args)
    {
        var output = new MemoryStream();
        var error = new StringWriter { NewLine = "\n" };
        var console = new ToolConsole(new MemoryStream(), output, error, errorIsTerminal: false);
        int exitCode = HdrTool.Run(args, console, CancellationToken.None);
        console.Out.Flush();
        return (exitCode, new System.Text.UTF8Encoding(false).GetString(output.ToArray()), error.ToString());
    }

    /// <summary>The cells of <c>hdr summary</c>'s table row of <paramref name="tag"/> ("(untagged)" for none), by column name.</summary>
    public static Dictionary<string, string> SummaryRow(string summary, string tag = "(untagged)")
    {
        string[] lines = summary.Split('\n');
        // "Span (s)" is one column of two words.
        string[] header = lines.First(l => l.StartsWith("Tag ", StringComparison.Ordinal)).Split(' ', StringSplitOptions.RemoveEmptyEntries).Where(w => w != "(s)").ToArray();
        string[] row = lines.First(l => l.StartsWith(tag + " ", StringComparison.Ordinal)).Split(' ', StringSplitOptions.RemoveEmptyEntries);
        return header.Zip(row).ToDictionary(p => p.First.ToLowerInvariant(), p => p.Second);
    }
}
