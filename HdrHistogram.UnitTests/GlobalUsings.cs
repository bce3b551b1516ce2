// The namespaces about half the test files or more use, imported once for the project (and for
// HdrHistogram.UnitTests.NetStandard, which compiles the same files); a file names the rest itself.
global using System;
global using System.Collections.Generic;
global using System.IO;
global using System.Linq;
global using FluentAssertions;
global using HdrHistogram.Encoding;
global using HdrHistogram.UnitTests.Infrastructure;
global using Xunit;
