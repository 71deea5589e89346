package io.paypipe.reconcile.bill.alipay;

import static io.paypipe.reconcile.bill.alipay.AlipayBills.DETAIL;
import static io.paypipe.reconcile.bill.alipay.AlipayBills.END;
import static io.paypipe.reconcile.bill.alipay.AlipayBills.HEADER;
import static io.paypipe.reconcile.bill.alipay.AlipayBills.SUMMARY;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.paypipe.reconcile.bill.BillFormatException;
import io.paypipe.reconcile.bill.BillLine;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;

/** What stops an Alipay bill: never a silent column shift, a cut zip or an error page. */
class AlipayBillFormatTest {

    private static final String TRADE = "2026112922001400000000000001";

    private final AlipayBillParser parser = new AlipayBillParser("2021000000000001");

    private final List<BillLine> lines = new ArrayList<>();

    private AbstractThrowableAssert<?, ? extends Throwable> assertParsing(byte[] bill) {
        return assertThatThrownBy(() -> parser.parse(new ByteArrayInputStream(bill), lines::add))
            .isInstanceOf(BillFormatException.class);
    }

    private static byte[] zipOf(String header, List<String> rows, String... footer) {
        return AlipayBills.zip(DETAIL, AlipayBills.detail(header, rows, footer));
    }

    private static String headerWith(int column, String name) {
        List<String> names = new ArrayList<>(AlipayDetailReader.HEADER);
        names.set(column, name);
        return String.join(",", names);
    }

    @Test
    void givenARenamedColumn_whenParsed_thenTheHeaderIsUnknown() {
        // Given 服务费（元） renamed
        byte[] zip = zipOf(headerWith(22, "手续费（元）"), List.of(), AlipayBills.footer(0, "0.00", 0, "0.00"));

        // When / Then
        assertParsing(zip).hasMessageContaining("unknown detail header").hasMessageContaining("column 23");
    }

    @Test
    void givenAnAddedColumn_whenParsed_thenTheHeaderIsUnknown() {
        // Given a 26th column
        byte[] zip = zipOf(HEADER + ",新字段", List.of(), AlipayBills.footer(0, "0.00", 0, "0.00"));

        // When / Then
        assertParsing(zip).hasMessageContaining("unknown detail header").hasMessageContaining("26 columns");
    }

    @Test
    void givenAMissingColumn_whenParsed_thenTheHeaderIsUnknown() {
        // Given 分润（元） left out
        List<String> names = new ArrayList<>(AlipayDetailReader.HEADER);
        names.remove("分润（元）");
        byte[] zip = zipOf(String.join(",", names), List.of(), AlipayBills.footer(0, "0.00", 0, "0.00"));

        // When / Then
        assertParsing(zip).hasMessageContaining("unknown detail header");
    }

    @Test
    void givenARowWithAFieldTooMany_whenParsed_thenItFailsWithItsLineNumber() {
        // Given a second row with a comma in its 商品名称 (26 fields), on line 7
        String bad = AlipayBills.payment(TRADE + "2", "B", "1.00").replace("paypipe order", "paypipe, order");
        byte[] zip = zipOf(HEADER, List.of(AlipayBills.payment(TRADE, "A", "1.00"), bad),
                AlipayBills.footer(2, "2.00", 0, "0.00"));

        // When / Then: line 7, after the first row went to the sink
        assertParsing(zip).hasMessageContaining("26 fields")
            .satisfies(ex -> assertThat(((BillFormatException) ex).lineNumber()).isEqualTo(7));
        assertThat(lines).hasSize(1);
    }

    @Test
    void givenAnHtmlErrorPage_whenParsed_thenItIsNotABill() {
        assertParsing(AlipayBills.resource("error-page.html")).hasMessageContaining("not a bill");
    }

    @Test
    void givenAJsonErrorResponse_whenParsed_thenItIsNotABill() {
        assertParsing(AlipayBills.resource("error-response.json")).hasMessageContaining("not a bill");
    }

    @Test
    void givenAZipCutInsideTheDetailFile_whenParsed_thenItIsTruncated() {
        // Given the day's zip cut in the middle of its first entry's data
        byte[] zip = AlipayBills.sampleDayZip();
        byte[] cut = Arrays.copyOf(zip, 200);

        // When / Then
        assertParsing(cut).hasMessageContaining("zip");
    }

    @Test
    void givenAZipCutBeforeItsCentralDirectory_whenParsed_thenItIsTruncated() {
        // Given the day's zip without its central directory (both entries whole)
        byte[] zip = AlipayBills.sampleDayZip();
        byte[] cut = Arrays.copyOf(zip, centralDirectoryOffset(zip));

        // When / Then
        assertParsing(cut).hasMessageContaining("truncated zip");
    }

    @Test
    void givenAZipCutInsideItsCentralDirectory_whenParsed_thenItIsTruncated() {
        // Given the day's zip cut 32 bytes from its end (the 22-byte end record gone)
        byte[] zip = AlipayBills.sampleDayZip();
        byte[] cut = Arrays.copyOf(zip, zip.length - 32);

        // When / Then
        assertParsing(cut).hasMessageContaining("truncated zip");
    }

    @Test
    void givenAZipWithoutADetailFile_whenParsed_thenItIsNotABill() {
        // Given a zip holding only the summary file
        byte[] zip = AlipayBills.zip(SUMMARY, AlipayBills.resource(SUMMARY));

        // When / Then
        assertParsing(zip).hasMessageContaining("no _业务明细.csv");
    }

    @Test
    void givenAFooterInAnotherWording_whenParsed_thenItIsRejected() {
        // Given an older wording (交易金额共 instead of 商家实收共)
        byte[] zip = zipOf(HEADER, List.of(), END, "#交易合计：0笔，交易金额共0.00元，优惠金额共0.00元",
                "#退款合计：0笔，交易退款金额共0.00元，优惠退款金额共0.00元");

        // When / Then
        assertParsing(zip).hasMessageContaining("unknown footer line");
    }

    @Test
    void givenTradeTotalsWithoutRefundTotals_whenParsed_thenTheFooterIsIncomplete() {
        byte[] zip = zipOf(HEADER, List.of(), END, "#交易合计：0笔，商家实收共0.00元，商家优惠共0.00元");

        assertParsing(zip).hasMessageContaining("no #退款合计");
    }

    @Test
    void givenAnUnknownBusinessType_whenParsed_thenTheRowIsRejected() {
        byte[] zip = zipOf(HEADER, List.of(AlipayBills.row(TRADE, "A", "冻结", "1.00", "", "0.00")),
                AlipayBills.footer(1, "1.00", 0, "0.00"));

        assertParsing(zip).hasMessageContaining("unknown 业务类型: 冻结");
    }

    @Test
    void givenAPaymentWithANegativeAmount_whenParsed_thenTheSignIsRejected() {
        byte[] zip = zipOf(HEADER, List.of(AlipayBills.payment(TRADE, "A", "-1.00")),
                AlipayBills.footer(1, "1.00", 0, "0.00"));

        assertParsing(zip).hasMessageContaining("wrong sign");
    }

    @Test
    void givenARefundWithAPositiveAmount_whenParsed_thenTheSignIsRejected() {
        byte[] zip = zipOf(HEADER, List.of(AlipayBills.refund(TRADE, "A", "1.00", "R1")),
                AlipayBills.footer(0, "0.00", 1, "-1.00"));

        assertParsing(zip).hasMessageContaining("wrong sign");
    }

    @Test
    void givenAnAmountWithThreeDecimals_whenParsed_thenItIsNotAYuanAmount() {
        byte[] zip = zipOf(HEADER, List.of(AlipayBills.payment(TRADE, "A", "1.005")),
                AlipayBills.footer(1, "1.01", 0, "0.00"));

        assertParsing(zip).hasMessageContaining("not a yuan amount");
    }

    @Test
    void givenAHashLineAmongTheRows_whenParsed_thenItIsRejected() {
        byte[] zip = zipOf(HEADER, List.of(AlipayBills.payment(TRADE, "A", "1.00"), "#交易合计：1笔"),
                AlipayBills.footer(1, "1.00", 0, "0.00"));

        assertParsing(zip).hasMessageContaining("not the end marker");
    }

    @Test
    void givenAUtf8DetailFile_whenParsed_thenItIsNotGbk() {
        // Given the detail file written in UTF-8 instead of GBK
        String text = new String(AlipayBills.resource(DETAIL), AlipayBills.GBK);
        byte[] zip = AlipayBills.zip(DETAIL, text.getBytes(java.nio.charset.StandardCharsets.UTF_8));

        // When / Then (never replacement characters read as a header)
        assertParsing(zip).hasMessageContaining("not a GBK text file");
    }

    /** The offset of the first central-directory header (PK 1 2). */
    private static int centralDirectoryOffset(byte[] zip) {
        for (int i = 0; i + 3 < zip.length; i++) {
            if (zip[i] == 'P' && zip[i + 1] == 'K' && zip[i + 2] == 1 && zip[i + 3] == 2) {
                return i;
            }
        }
        throw new IllegalStateException("no central directory");
    }

}
