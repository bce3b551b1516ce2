using Xunit;

namespace HdrHistogram.Plotting.BrowserTests;

/// <summary>
/// Every browser test class shares one Chromium and its page (<see cref="SharedBrowser"/>), so they run one after
/// another: a browser of their own each cost more CPU than running them side by side saved time on two cores.
/// </summary>
[CollectionDefinition(Name)]
public sealed class ChromiumGroup : ICollectionFixture<SharedBrowser>
{
    /// <summary>The collection's name, for <see cref="CollectionAttribute"/>.</summary>
    public const string Name = "Chromium";
}
