using System.Threading;
using System.Threading.Tasks;
using Microsoft.Playwright;
using Xunit;

namespace HdrHistogram.Plotting.BrowserTests;

/// <summary>
/// One Playwright driver and one headless Chromium for the browser tests (<see cref="ChromiumGroup"/>), started on
/// first use and closed after the last test, with one page that the tests load their reports into in turn.
/// Loading a report replaces the previous page's document, its script state and its workers; a context and a page of
/// their own for each test cost Chromium more than the report itself (a renderer process and a spare one each).
/// </summary>
public sealed class SharedBrowser : IAsyncLifetime
{
    private readonly SemaphoreSlim _gate = new(1, 1);
    private IPlaywright? _playwright;
    private IBrowser? _browser;
    private IPage? _page;

    /// <summary>The browser, launched by the first caller.</summary>
    public async Task<IBrowser> GetAsync()
    {
        await _gate.WaitAsync();
        try
        {
            if (_browser is null)
            {
                _playwright = await Playwright.CreateAsync();
                _browser = await _playwright.Chromium.LaunchAsync(new BrowserTypeLaunchOptions
                {
                    ExecutablePath = Chromium.Path,
                    Headless = true,
                    Args = new[] { "--no-sandbox", "--disable-gpu" },
                });
            }

            return _browser;
        }
        finally
        {
            _gate.Release();
        }
    }

    /// <summary>
    /// The tests' page, in a context with the reports' viewport, JavaScript on, the machine's time zone and downloads
    /// accepted; opened by the first caller.
    /// </summary>
    public async Task<IPage> PageAsync()
    {
        var browser = await GetAsync();
        await _gate.WaitAsync();
        try
        {
            if (_page is null)
            {
                var context = await browser.NewContextAsync(ContextOptions(javaScript: true, timezone: null));
                _page = await context.NewPageAsync();
            }

            return _page;
        }
        finally
        {
            _gate.Release();
        }
    }

    /// <summary>The options of a report page's context: the viewport the tests' coordinates assume, downloads accepted.</summary>
    public static BrowserNewContextOptions ContextOptions(bool javaScript, string? timezone) => new()
    {
        JavaScriptEnabled = javaScript,
        ViewportSize = new ViewportSize { Width = 1280, Height = 1000 },
        TimezoneId = timezone,
        AcceptDownloads = true,
    };

    /// <summary>Nothing to start: the browser starts with the first test that asks for it (none does when Chromium is missing).</summary>
    public Task InitializeAsync() => Task.CompletedTask;

    /// <summary>Closes the browser and the driver, if they were started.</summary>
    public async Task DisposeAsync()
    {
        if (_browser is not null)
        {
            await _browser.DisposeAsync();
        }

        _playwright?.Dispose();
        _gate.Dispose();
    }
}
