package io.paypipe.sandbox.alipay;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import org.springframework.http.HttpHeaders;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /sandbox/alipay/bill/download?token=…}: the {@code bill_download_url} that
 * {@code alipay.data.dataservice.bill.downloadurl.query} hands out (unsigned, as Alipay's
 * is; what it serves: {@link AlipayBillFiles}). The body is written straight into the
 * response as it is made, with its exact {@code Content-Length}, on the request's own
 * thread (no async timeout cuts a million-row day short).
 */
@RestController
class AlipayBillController {

    private final AlipayBillDesk desk;

    AlipayBillController(AlipayBillDesk desk) {
        this.desk = desk;
    }

    @GetMapping(AlipayBillDesk.DOWNLOAD_PATH)
    void download(@RequestParam(name = "token", required = false) String token, HttpServletResponse response)
            throws IOException {
        AlipayBillFiles.Served served = desk.download(token);
        response.setStatus(served.status());
        response.setContentType(served.contentType());
        response.setContentLengthLong(served.length());
        served.fileName()
            .ifPresent(name -> response.setHeader(HttpHeaders.CONTENT_DISPOSITION,
                    "attachment; filename=\"" + name + "\""));
        OutputStream out = response.getOutputStream();
        served.body().writeTo(out);
        out.flush();
    }

}
