using HdrHistogram.Utilities;

namespace HdrHistogram.UnitTests.Utilities;

/// <summary>The one excerpt helper of the library's format errors and the hdr tool's messages.</summary>
public class TextExcerptTests
{
    [Fact]
    public void Text_is_quoted_and_cut_to_40_characters()
    {
        TextExcerpt.Of(System.Text.Encoding.UTF8.GetBytes("12.5x")).Should().Be("'12.5x'");
        TextExcerpt.Of(System.Text.Encoding.UTF8.GetBytes("é")).Should().Be("'é'");
        TextExcerpt.Of(System.Text.Encoding.UTF8.GetBytes(new string('a', 41))).Should().Be("'" + new string('a', 40) + "...'");
    }

    [Fact]
    public void Binary_bytes_show_their_printable_ASCII_and_their_first_16_bytes_in_hex()
    {
        TextExcerpt.Of(new byte[] { 0x89, (byte)'P', (byte)'N', (byte)'G' }).Should().Be("binary data '.PNG' (bytes 89 50 4E 47)");
        TextExcerpt.Of(Enumerable.Range(0, 20).Select(i => (byte)i).ToArray())
            .Should().Be("binary data '....................' (bytes 00 01 02 03 04 05 06 07 08 09 0A 0B 0C 0D 0E 0F ...)");
    }
}
