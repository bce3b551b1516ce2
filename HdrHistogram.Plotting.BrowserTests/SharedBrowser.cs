using System.Threading;
using System.Threading.Tasks;
using Microsoft.Playwright;
using Xunit;

namespace HdrHistogram.Plotting.BrowserTests;

/// <summary>
/// One Playwright driver and one headless Chromium for a test class, started on first use and closed after the class;
/// each test opens a context of its own, which shares no state (cookies, storage, cache) with the others.
/// </summary>
public sealed class SharedBrowser : IAsyncLifetime
{
    private readonly SemaphoreSlim _gate = new(1, 1);
    private IPlaywright? _playwright;
    private IBrowser? _browser;

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
