package io.paypipe.reconcile.bill.alipay;

import io.paypipe.reconcile.bill.BillFormatException;
import io.paypipe.reconcile.bill.BillLine;
import io.paypipe.reconcile.bill.BillSummary;
import io.paypipe.reconcile.bill.ParsedBill;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * The {@code …_业务明细.csv} file, line by line (GBK, a byte that is not GBK is an error,
 * never a replacement character): the {@code #支付宝业务明细查询} title and the other {@code #}
 * lines up to the {@code #----业务明细列表----} marker, the 25-column header (column names
 * compared one by one), the rows (each to the sink at once), the
 * {@code #----业务明细列表结束----} marker and the footer read by {@link AlipayFooter}. A
 * {@code #} line among the rows other than the end marker is an error. A file that ends
 * without the footer's totals has no summary.
 */
final class AlipayDetailReader {

    static final String TITLE = "#支付宝业务明细查询";

    static final List<String> HEADER = List.of("支付宝交易号", "商户订单号", "业务类型", "商品名称", "创建时间", "完成时间", "门店编号", "门店名称", "操作员",
            "终端号", "对方账户", "订单金额（元）", "商家实收（元）", "支付宝红包（元）", "集分宝（元）", "支付宝优惠（元）", "商家优惠（元）", "券核销金额（元）", "券名称",
            "商家红包消费金额（元）", "卡消费金额（元）", "退款批次号/请求号", "服务费（元）", "分润（元）", "备注");

    private static final Pattern LIST_START = Pattern.compile("#-+业务明细列表-+");

    private static final Pattern LIST_END = Pattern.compile("#-+业务明细列表结束-+");

    private final AlipayRow rows;

    private final Consumer<BillLine> sink;

    private long lineNumber;

    AlipayDetailReader(String merchantId, Consumer<BillLine> sink) {
        this.rows = new AlipayRow(merchantId);
        this.sink = sink;
    }

    long lineNumber() {
        return lineNumber;
    }

    ParsedBill read(InputStream in) throws IOException {
        BufferedReader reader = new BufferedReader(new InputStreamReader(in,
                AlipayZip.GBK.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)),
                64 * 1024);
        try {
            readPreamble(reader);
            readHeader(reader);
            long[] counts = readRows(reader);
            Optional<BillSummary> summary = new AlipayFooter().read(reader, this);
            return new ParsedBill(counts[0], counts[1], 0, summary);
        }
        catch (CharacterCodingException ex) {
            throw new BillFormatException(lineNumber + 1, "not a GBK text file: " + ex.getMessage(), ex);
        }
    }

    /** The next line, counted; null at the end of the file. */
    String next(BufferedReader reader) throws IOException {
        String line = reader.readLine();
        if (line != null) {
            lineNumber++;
        }
        return line;
    }

    private void readPreamble(BufferedReader reader) throws IOException {
        String title = next(reader);
        if (title == null || !TITLE.equals(title.strip())) {
            throw new BillFormatException(lineNumber, "not an Alipay detail bill: the first line is not " + TITLE);
        }
        for (String line = next(reader); line != null; line = next(reader)) {
            if (!line.startsWith("#")) {
                throw new BillFormatException(lineNumber, "no 业务明细列表 marker before the header");
            }
            if (LIST_START.matcher(line.strip()).matches()) {
                return;
            }
        }
        throw new BillFormatException(lineNumber, "the file ends before the 业务明细列表 marker");
    }

    private void readHeader(BufferedReader reader) throws IOException {
        String line = next(reader);
        if (line == null) {
            throw new BillFormatException(lineNumber, "the file ends before the detail header");
        }
        List<String> columns = AlipayRow.split(line).stream().map(String::strip).toList();
        if (!HEADER.equals(columns)) {
            throw new BillFormatException(lineNumber,
                    "unknown detail header (did the channel change its format?): " + describeDifference(columns));
        }
    }

    private static String describeDifference(List<String> columns) {
        for (int i = 0; i < Math.min(columns.size(), HEADER.size()); i++) {
            if (!columns.get(i).equals(HEADER.get(i))) {
                return "column " + (i + 1) + " is '" + columns.get(i) + "', expected '" + HEADER.get(i) + "'";
            }
        }
        return columns.size() + " columns, expected " + HEADER.size();
    }

    /** Reads the rows up to the end marker; {payments, refunds}. */
    private long[] readRows(BufferedReader reader) throws IOException {
        long[] counts = new long[2];
        for (String line = next(reader); line != null; line = next(reader)) {
            if (line.startsWith("#")) {
                if (LIST_END.matcher(line.strip()).matches()) {
                    return counts;
                }
                throw new BillFormatException(lineNumber, "a # line among the rows that is not the end marker");
            }
            BillLine bill = rows.toLine(lineNumber, line);
            counts[bill.kind() == BillLine.Kind.PAYMENT ? 0 : 1]++;
            sink.accept(bill);
        }
        return counts;
    }

}
