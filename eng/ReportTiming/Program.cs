using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using Microsoft.Playwright;

// Opens each PAGE (written by hdr report) in headless Chromium and prints, per page, the medians of five loads of:
// first render (the page's own clock, performance.now(), at the first animation frame after its charts are drawn),
// counts ready (when the page has decoded the ranges' counts, which it starts after that frame), a time range
// selected and redrawn once the counts are ready (five ranges across the log, from the call to the first frame after
// it), and a hover over the timeline answered (twenty points, the event's handler and the layout it causes). The last PAGE is checked against the targets: first render under 2 s, a range redrawn under
// 100 ms, a hover answered under 50 ms; exits 1 when one is missed.
//   ReportTiming PAGE...          (HDR_CHROMIUM: the browser; default /usr/lib/chromium/chromium or chromium on PATH)
if (args.Length == 0)
{
    Console.Error.WriteLine("usage: ReportTiming PAGE.html...");
    return 2;
}

string chromium = Environment.GetEnvironmentVariable("HDR_CHROMIUM") is { Length: > 0 } configured ? configured
    : File.Exists("/usr/lib/chromium/chromium") ? "/usr/lib/chromium/chromium" : "chromium";
using var playwright = await Playwright.CreateAsync();
await using var browser = await playwright.Chromium.LaunchAsync(new BrowserTypeLaunchOptions
{
    ExecutablePath = chromium,
    Headless = true,
    Args = ["--no-sandbox", "--disable-gpu"],
});

const string SelectRanges = """
    async () => {
      const frame = () => new Promise(r => requestAnimationFrame(() => r()));
      const chart = window.hdrReport.charts[1], times = [];
      for (let k = 0; k < 5; k++) {
        const a = chart.xMin + (chart.xMax - chart.xMin) * (0.1 + k * 0.15), b = a + (chart.xMax - chart.xMin) * 0.1;
        const t0 = performance.now();
        window.hdrReport.select(a, b);
        await frame();
        times.push(performance.now() - t0);
        window.hdrReport.reset();
        await frame();
      }
      return times;
    }
    """;
const string Hovers = """
    () => {
      const chart = window.hdrReport.charts[1], box = chart.svg.getBoundingClientRect(), times = [];
      for (let k = 0; k < 20; k++) {
        const x = box.left + box.width * (0.1 + k * 0.04), y = box.top + box.height * 0.5;
        const t0 = performance.now();
        chart.svg.dispatchEvent(new MouseEvent('mousemove', { clientX: x, clientY: y, bubbles: true }));
        document.body.getBoundingClientRect();
        times.push(performance.now() - t0);
      }
      return times;
    }
    """;

static double Median(IEnumerable<double> values)
{
    var sorted = values.OrderBy(v => v).ToList();
    return sorted.Count % 2 == 1 ? sorted[sorted.Count / 2] : (sorted[(sorted.Count / 2) - 1] + sorted[sorted.Count / 2]) / 2;
}

string Ms(double value) => value.ToString("0.0", CultureInfo.InvariantCulture);
Console.WriteLine("| page | size (MB) | first render (ms) | counts ready (ms) | range redrawn (ms) | hover answered (ms) |");
Console.WriteLine("| --- | ---: | ---: | ---: | ---: | ---: |");
bool failed = false;
foreach (var (page, index) in args.Select((p, i) => (p, i)))
{
    var firsts = new List<double>();
    var prepared = new List<double>();
    var ranges = new List<double>();
    var hovers = new List<double>();
    for (int load = 0; load < 5; load++)
    {
        await using var context = await browser.NewContextAsync(new BrowserNewContextOptions { ViewportSize = new ViewportSize { Width = 1280, Height = 1000 } });
        var tab = await context.NewPageAsync();
        var errors = new List<string>();
        tab.PageError += (_, e) => errors.Add(e);
        await tab.GotoAsync(new Uri(Path.GetFullPath(page)).AbsoluteUri);
        await tab.WaitForFunctionAsync("() => window.hdrReport && window.hdrReport.timings && window.hdrReport.timings.prepared > 0");
        if (errors.Count > 0)
        {
            Console.Error.WriteLine(page + ": script error: " + errors[0]);
            return 1;
        }

        firsts.Add(await tab.EvaluateAsync<double>("() => window.hdrReport.timings.firstFrame"));
        prepared.Add(await tab.EvaluateAsync<double>("() => window.hdrReport.timings.prepared"));
        ranges.AddRange(await tab.EvaluateAsync<double[]>(SelectRanges));
        hovers.AddRange(await tab.EvaluateAsync<double[]>(Hovers));
    }

    double first = Median(firsts), range = Median(ranges), hover = Median(hovers);
    Console.WriteLine("| " + Path.GetFileName(page) + " | " + (new FileInfo(page).Length / 1e6).ToString("0.00", CultureInfo.InvariantCulture) + " | " + Ms(first) + " | " + Ms(Median(prepared)) + " | " + Ms(range) + " | " + Ms(hover) + " |");
    if (index == args.Length - 1)
    {
        foreach (var (ok, what) in new[] { (first < 2000, "first render under 2 s"), (range < 100, "a range redrawn under 100 ms"), (hover < 50, "a hover answered under 50 ms") })
        {
            if (!ok)
            {
                Console.Error.WriteLine("MISSED on " + page + ": " + what);
                failed = true;
            }
        }
    }
}

return failed ? 1 : 0;
